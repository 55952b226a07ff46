import { describe, expect, it } from 'vitest';
import { memberSignInHtml } from '../../../contract/members/sign-in-markup';
import { MEMBER_ACCESS_ROOT_ID } from '../../../contract/model/page-types';
import { defaultContext } from '../../src/context/read';
import { start } from '../../src/pages/member-access/index';

const root = () => document.getElementById(MEMBER_ACCESS_ROOT_ID)!;
const NOSCRIPT = '<noscript><p>Signing in needs JavaScript.</p></noscript>';

describe('member access page', () => {
  it("adopts the sign-in form the server rendered: the same form, its button enabled", () => {
    document.body.innerHTML = `<div id="${MEMBER_ACCESS_ROOT_ID}">${memberSignInHtml()}${NOSCRIPT}</div>`;
    const rendered = root().querySelector('form')!;
    expect(rendered.querySelector('button')!.disabled).toBe(true);
    start(defaultContext());
    expect(root().querySelectorAll('form')).toHaveLength(1);
    expect(root().querySelector('form')).toBe(rendered);
    expect(rendered.querySelector('button')!.disabled).toBe(false);
  });

  it('puts the form in a root that has none, labelled, with its fields named for the sign-in call', () => {
    document.body.innerHTML = `<div id="${MEMBER_ACCESS_ROOT_ID}">${NOSCRIPT}</div>`;
    start(defaultContext());
    const form = root().querySelector('form')!;
    expect(form.getAttribute('aria-label')).toBe('Member sign-in');
    expect(Array.from(form.querySelectorAll('input'), (input) => [input.name, input.type, input.labels![0]!.textContent])).toEqual([
      ['email', 'email', 'Email'],
      ['password', 'password', 'Password'],
      ['rememberMe', 'checkbox', 'Remember me'],
    ]);
    expect(form.querySelector('button')!.textContent).toBe('Sign in');
    expect(form.querySelector('button')!.disabled).toBe(false);
    expect(form.querySelector('[role="status"]')).not.toBeNull();
  });
});
