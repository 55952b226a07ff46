import { describe, expect, it, vi } from 'vitest';
import formBlock from '../../src/blocks/form/index';
import { TYPING_PAUSE_MS } from '../../src/platform/timing';
import { FIELDS_PER_TURN, FIRST_TURN_FIELDS, nextFieldCount } from '../../src/blocks/form/turns';
import { collectValues } from '../../src/blocks/form/values';
import { failureOf } from '../../src/blocks/form/submit';
import { rerunScripts, safeRedirect, showSuccess } from '../../src/blocks/form/success';
import { defaultContext } from '../../src/context/read';
import { DataError } from '../../src/net/data-error';
import type { FormField } from '../../../contract/model/forms/types';

// jsdom loads no stylesheets: the block would wait for form.css until its time-out.
vi.mock('../../src/platform/assets', () => ({ assetUrl: (file: string) => file, loadStylesheet: () => Promise.resolve() }));

const fields: FormField[] = [
  { id: 'n', type: 'name', title: 'Name' },
  { id: 'd', type: 'date', title: 'Date' },
  { id: 't', type: 'time', title: 'Time' },
  { id: 'a', type: 'address', title: 'Address' },
  { id: 'p3', type: 'phone', title: 'Phone' },
  { id: 'p4', type: 'phone', title: 'Phone', showCountryCode: true },
  { id: 'r', type: 'radio', title: 'Radio', options: ['x', 'y'] },
  { id: 'c', type: 'checkbox', title: 'Check', options: ['x', 'y', 'z'] },
  { id: 's', type: 'select', title: 'Select', options: ['x', 'y'] },
  { id: 'l', type: 'likert', title: 'Likert', questions: ['Q1', 'Q2'] },
  { id: 'h', type: 'hidden', key: 'campaign', value: 'default' },
  { id: 'h2', type: 'hidden', key: 'absent', value: 'own' },
  { id: 'sec', type: 'section', title: 'Section' },
  { id: 'txt', type: 'text', title: 'Text' },
];

async function mounted() {
  const element = document.createElement('div');
  element.setAttribute('data-block-type', 'form');
  document.body.appendChild(element);
  const instance = await formBlock.mount(element, { id: 'x', config: { formId: 'test', fields }, page: defaultContext() });
  return { element, instance, form: element.querySelector('form')! };
}

const set = (form: HTMLFormElement, name: string, value: string) => {
  (form.elements.namedItem(name) as HTMLInputElement).value = value;
};

describe('form values', () => {
  it('reads every shape from the rendered form', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { form, instance } = await mounted();
    set(form, 'n.First', 'Ada');
    set(form, 'n.Last', 'L');
    set(form, 'd.Month', '1');
    set(form, 'd.Day', '2');
    set(form, 'd.Year', '2026');
    set(form, 't.Hour', '9');
    (form.elements.namedItem('t.Ampm') as HTMLSelectElement).value = 'PM';
    set(form, 'a.Line1', 'Street');
    set(form, 'a.Zip', '12345');
    set(form, 'p3.Areacode', '555');
    set(form, 'p3.Prefix', '123');
    set(form, 'p3.Line', '4567');
    set(form, 'p4.Country', '1');
    form.querySelectorAll<HTMLInputElement>('input[name="r"]')[1]!.checked = true;
    const boxes = form.querySelectorAll<HTMLInputElement>('input[name="c"]');
    boxes[0]!.checked = true;
    boxes[2]!.checked = true;
    (form.elements.namedItem('s') as HTMLSelectElement).value = 'y';
    form.querySelectorAll<HTMLInputElement>('input[name="l.1"]')[3]!.checked = true;
    set(form, 'txt', '<img src=x onerror=alert(1)>');

    const values = collectValues(form, fields, '?campaign=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    expect(values).toEqual({
      n: ['Ada', 'L'],
      d: ['1', '2', '2026'],
      t: ['9', '', '', 'PM'],
      a: ['Street', '', '', '', '12345', ''],
      p3: ['', '555', '123', '4567'],
      p4: ['1', '', '', ''],
      r: 'y',
      c: ['x', 'z'],
      s: 'y',
      l: { Q2: 'Agree' },
      h: '<script>alert(1)</script>', // a value, never HTML
      h2: 'own',
      txt: '<img src=x onerror=alert(1)>',
    });
    expect(form.querySelector('script')).toBeNull();
    instance.destroy();
  });

  it('sends an untouched time as an empty field (AM/PM alone is no time)', async () => {
    const { form, instance } = await mounted();
    expect(collectValues(form, fields, '').t).toEqual(['', '', '', '']);
    set(form, 't.Minute', '30');
    expect(collectValues(form, fields, '').t).toEqual(['', '30', '', 'AM']);
    instance.destroy();
  });

  it("ties a multi-part field's error to each of its inputs", async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const required: FormField[] = [{ id: 'who', type: 'name', title: 'Name', required: true }];
    const instance = await formBlock.mount(element, { id: 'req', config: { formId: 'test', fields: required }, page: defaultContext() });
    element.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true, bubbles: true }));
    await vi.waitFor(() => expect(element.querySelector('[aria-invalid="true"]')).not.toBeNull());
    const inputs = Array.from(element.querySelectorAll<HTMLInputElement>('input[name^="who."]'));
    expect(inputs).toHaveLength(2);
    for (const input of inputs) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
      expect(described, input.name).toEqual(['Name is required.']);
    }
    instance.destroy();
    element.remove();
  });

  it('labels every input and renders no input for hidden fields', async () => {
    const { form, instance } = await mounted();
    for (const input of Array.from(form.querySelectorAll('input, select, textarea'))) {
      const id = input.getAttribute('id');
      expect(id && form.querySelector(`label[for="${id}"]`), input.outerHTML).toBeTruthy();
    }
    expect(form.querySelector('[name="h"]')).toBeNull();
    expect(Array.from(form.querySelectorAll('legend'), (l) => l.textContent)).toContain('Name');
    instance.destroy();
  });

  it('shows a counter only for a usable bound, and the disclaimer above the submit button', async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const config = {
      formId: 'c',
      disclaimer: '<p class="fine-print">Fine print</p>',
      fields: [
        { id: 'a', type: 'textarea', title: 'A', maxLength: 10 },
        { id: 'b', type: 'textarea', title: 'B', maxLength: 'ten' },
        { id: 'c', type: 'textarea', title: 'C', maxLength: -5 },
        { id: 'p', type: 'password', title: 'P' },
      ],
    };
    const instance = await formBlock.mount(element, { id: null, config, page: defaultContext() });
    expect(Array.from(element.querySelectorAll('.site-form-counter'), (c) => c.textContent)).toEqual(['0 / 10']);
    const disclaimer = element.querySelector('.fine-print')!;
    const button = element.querySelector('button[type="submit"]')!;
    expect(disclaimer.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(element.querySelector<HTMLInputElement>('input[type="password"]')!.placeholder).toBe('••••••••');
    instance.destroy();
  });

  it('counts as the visitor types, and speaks the count once typing pauses, not at every key', async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const instance = await formBlock.mount(element, { id: null, config: { formId: 'c', fields: [{ id: 'a', type: 'textarea', title: 'A', maxLength: 10 }] }, page: defaultContext() });
    vi.useFakeTimers();
    try {
      const textarea = element.querySelector('textarea')!;
      const counter = element.querySelector('.site-form-counter')!;
      const live = element.querySelector('[aria-live]')!;
      expect(textarea.getAttribute('aria-describedby')).toBe(counter.id); // read with the field
      expect(counter.hasAttribute('aria-live')).toBe(false);
      expect(live.className).toBe('site-visually-hidden');
      const type = async (text: string) => {
        textarea.value = text;
        textarea.dispatchEvent(new Event('input', { bubbles: true }));
        await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS / 4);
      };
      for (const text of ['H', 'He', 'Hel', 'Hell', 'Hello']) await type(text);
      expect(counter.textContent).toBe('5 / 10');
      expect(live.textContent).toBe(''); // still typing
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
      expect(live.textContent).toBe('5 / 10');
      await type('Hello, world');
      expect(counter.textContent).toBe('12 / 10');
      expect(counter.className).toContain('site-form-counter-over');
      expect(live.textContent).toBe('5 / 10');
      await vi.advanceTimersByTimeAsync(TYPING_PAUSE_MS);
      expect(live.textContent).toBe('12 / 10');
      instance.destroy();
    } finally {
      vi.useRealTimers();
      element.remove();
    }
  });

  it('titles a section with an h2, or at the heading level the theme gives the block (2 to 6)', async () => {
    const levels: string[] = [];
    for (const given of [null, '4', '9', '1', 'three']) {
      const element = document.createElement('div');
      if (given !== null) element.dataset.headingLevel = given;
      document.body.replaceChildren(element);
      const instance = await formBlock.mount(element, { id: null, config: { formId: 'h', fields: [{ id: 's', type: 'section', title: 'Part' }] }, page: defaultContext() });
      levels.push(element.querySelector('.site-form-section > :first-child')!.localName);
      instance.destroy();
    }
    expect(levels).toEqual(['h2', 'h4', 'h6', 'h2', 'h2']);
  });

  it('gives the element back on destroy', async () => {
    const element = document.createElement('div');
    element.innerHTML = '<p>fallback</p>';
    document.body.appendChild(element);
    const instance = await formBlock.mount(element, { id: null, config: { formId: 'x', fields: [] }, page: defaultContext() });
    expect(element.querySelector('form')).not.toBeNull();
    instance.destroy();
    expect(element.innerHTML).toBe('<p>fallback</p>');
  });
});

describe('a long form', () => {
  it('shows one field in its first turn (the slowest: code running for the first time), then five more per turn', () => {
    const counts = [FIRST_TURN_FIELDS];
    while (counts.length < 4) counts.push(nextFieldCount(counts[counts.length - 1]!));
    expect(counts).toEqual([1, 5, 10, 15]);
    expect(FIELDS_PER_TURN).toBe(5);
  });

  it('renders a few fields per turn off the page, then shows all of them at once', async () => {
    const many: FormField[] = Array.from({ length: FIELDS_PER_TURN * 2 + 2 }, (_, i) => ({ id: `f${i}`, type: 'text', title: `Field ${i}` }));
    const element = document.createElement('div');
    element.setAttribute('data-block-type', 'form');
    element.innerHTML = '<p>The form needs JavaScript.</p>';
    document.body.appendChild(element);
    const counts: number[] = [];
    const seen = new MutationObserver(() => counts.push(element.querySelectorAll('input').length));
    seen.observe(element, { childList: true, subtree: true });
    const mounting = formBlock.mount(element, { id: 'long', config: { formId: 'long', fields: many }, page: defaultContext() });
    expect(element.textContent).toBe('The form needs JavaScript.');
    const instance = await mounting;
    seen.disconnect();
    expect(counts).toEqual([many.length]);
    expect([...element.querySelectorAll('label')].map((label) => label.textContent)).toEqual(many.map((field) => field.title));
    instance.destroy();
    expect(element.textContent).toBe('The form needs JavaScript.');
    element.remove();
  });
});

describe('form failures use the form catalogue (spec part 1 §8)', () => {
  const error = (status: number, body: Record<string, unknown> | null = null, kind: DataError['kind'] = 'status') =>
    new DataError('generic', { kind, url: '/api/form/SaveFormSubmission', status, body });
  it.each([
    [401, 'Unable to submit form. Please try again later.'],
    [404, 'This form has not been configured yet.'],
    [429, 'Unable to submit form. Submission rate limit exceeded. Please try again later.'],
    [500, 'Unable to send form. Please try again later.'],
  ])('%i → %s, whatever the body says', (status, message) => {
    expect(failureOf(error(status, { error: 'server words' }))).toMatchObject({ message });
  });

  it('otherwise data.error, else the unknown error', () => {
    expect(failureOf(error(400, { error: 'Bad thing.' }))).toMatchObject({ message: 'Bad thing.' });
    expect(failureOf(error(418))).toMatchObject({ message: 'Unknown error, please try again later.' });
  });

  it('carries the errors map and the captcha flag', () => {
    expect(failureOf(error(400, { error: 'x', errors: { a: 'A' }, captchaFailed: true }))).toEqual({ ok: false, message: 'x', errors: { a: 'A' }, captchaFailed: true });
  });
});

describe('success', () => {
  it('shows the text, focuses it, fires the events and follows a safe redirect', () => {
    const block = document.createElement('div');
    document.body.appendChild(block);
    const tracked = vi.fn();
    document.addEventListener('site:track', tracked);
    const navigate = vi.fn();
    const message = showSuccess(block, { formId: 'n', fields: [], newsletter: true, successMessage: 'Done!', successRedirect: '/thanks', postSubmitHtml: '<p>After</p>' }, navigate);
    document.removeEventListener('site:track', tracked);
    expect(message.textContent).toBe('Done!');
    expect(document.activeElement).toBe(message);
    expect((tracked.mock.calls[0]![0] as CustomEvent).detail).toEqual({ event: 'newsletter_subscribe', formId: 'n' });
    expect(navigate).toHaveBeenCalledWith(`${location.origin}/thanks`);
    expect(block.querySelector('.site-form-post-submit')!.textContent).toBe('After');
  });

  it('re-creates scripts so that they run, and refuses odd redirect schemes', () => {
    const root = document.createElement('div');
    root.innerHTML = '<script data-x="1">window.__ran = 1</script>';
    const before = root.querySelector('script');
    rerunScripts(root);
    expect(root.querySelector('script')).not.toBe(before);
    expect(root.querySelector('script')!.getAttribute('data-x')).toBe('1');
    expect(safeRedirect('javascript:alert(1)')).toBeNull();
    expect(safeRedirect('https://example.com/x')).toBe('https://example.com/x');
    // A relative target goes where the page's own links go: against its <base href>.
    const base = document.head.appendChild(Object.assign(document.createElement('base'), { href: 'https://cdn.example/theme/' }));
    expect(safeRedirect('thanks')).toBe('https://cdn.example/theme/thanks');
    base.remove();
    expect(safeRedirect('thanks')).toBe(new URL('thanks', location.href).href);
  });
});
