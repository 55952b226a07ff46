/**
 * Member sign-in and sign-out (spec part 2 §7). The member access page's root has a sign-in
 * form (rendered by the server, which also takes it as a plain form post, or put there here);
 * the runtime signs in with `POST /api/site-users/account/session`
 * with email, password and rememberMe; its xsrfToken goes as a header on later site-user
 * calls. `data-member-sign-out` buttons end the session with `DELETE …?cloneCart=true` (the
 * data layer repeats it once on a crumb failure).
 */
import type { PageContext } from '../../../../contract/context/types';
import { MEMBER_ACCESS_ROOT_ID } from '../../../../contract/model/page-types';
import { request } from '../../net/request';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import type { DataError } from '../../net/data-error';
import { statusLine } from '../dom';
import { MEMBER_SIGN_IN_CLASS, MEMBER_WORDS, memberSignInHtml } from '../../../../contract/members/sign-in-markup';
import { texts } from '../../platform/strings';
import type * as Paths from '../../../../contract/api/paths';
import { trustedHtml } from '../../platform/trusted-types';
const MEMBER_SESSION_PATH: typeof Paths.MEMBER_SESSION_PATH = '/api/site-users/account/session';

export const SESSION_API = MEMBER_SESSION_PATH;
export const XSRF_HEADER = 'X-SiteUser-XSRF-Token';

/** The sign-in form's words (platform/strings.ts). */
export const memberWords = texts('member', MEMBER_WORDS);

/** The page context's `memberAccount` (our addition): the signed-in member, if any. */
const memberOf = (context: Readonly<PageContext>) => context.memberAccount as { email?: string; xsrfToken?: string } | null | undefined;

let xsrfToken: string | undefined;

/** The form the server rendered into the root, or one put there now; then made to work. */
function signInForm(root: HTMLElement): void {
  const words = memberWords();
  let form = root.querySelector<HTMLFormElement>(`form.${MEMBER_SIGN_IN_CLASS}`);
  if (!form) {
    root.insertAdjacentHTML('afterbegin', trustedHtml(memberSignInHtml(words)));
    form = root.querySelector<HTMLFormElement>(`form.${MEMBER_SIGN_IN_CLASS}`)!;
  }
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const [email, password, remember] = [input('email'), input('password'), input('rememberMe')];
  const button = form.querySelector('button')!;
  const status = form.querySelector('[role="status"]')!;
  button.disabled = false;
  // The server's post for pages without the runtime is not this form's way any more; its absence marks the form as taken over.
  form.removeAttribute('action');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    // A refusal the server wrote into the page (its form posted without the runtime) is old news now.
    form.querySelector('.form-error')?.remove();
    status.textContent = words.signingIn;
    request<{ xsrfToken?: string }>(SESSION_API, {
      method: 'POST',
      data: { email: email.value.trim(), password: password.value, rememberMe: remember.checked },
      onFailure: (error: DataError) => {
        // The server's refusals in the page's words; anything else as the data layer words it.
        status.textContent = error.status === 401 ? words.invalid : error.status === 429 ? words.tooMany : error.message;
      },
    }).then(
      (answer) => {
        xsrfToken = answer.xsrfToken;
        status.textContent = words.signedIn;
        location.reload();
      },
      () => {
        button.disabled = false;
        password.select();
      },
    );
  });
}

function bindSignOut(button: HTMLButtonElement, token: string | undefined): void {
  const status = statusLine('member-status');
  button.after(' ', status);
  button.addEventListener('click', () => {
    if (button.disabled) return;
    button.disabled = true;
    status.textContent = '';
    const headers: Record<string, string> = {};
    const xsrf = xsrfToken ?? token;
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    request(SESSION_API, {
      method: 'DELETE',
      data: { cloneCart: true },
      headers,
      onFailure: (error: DataError) => {
        status.textContent = error.message;
      },
    }).then(
      () => location.assign('/'),
      () => {
        button.disabled = false;
      },
    );
  });
}

export function start(context: Readonly<PageContext>): void {
  const root = document.getElementById(MEMBER_ACCESS_ROOT_ID);
  // The form's look and the sign-out button's (blocks.css, unless the page links runtime.css).
  void loadStylesheet(assetUrl('blocks.css'));
  if (root) signInForm(root);
  const member = memberOf(context);
  document.querySelectorAll<HTMLButtonElement>('button[data-member-sign-out]').forEach((button) => bindSignOut(button, member?.xsrfToken));
}
