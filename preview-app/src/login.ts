import { sameOriginPath } from '../../contract/url/safe-path';
import { crumb } from './owner-api';
import type * as Paths from '../../contract/api/paths';

// A literal of the contract's type: importing the value would split a shared chunk off the app.
const LOGIN_PATH: typeof Paths.LOGIN_PATH = '/api/auth/Login';

/**
 * The /login page: posts {email, password} with the crumb and goes on to `next` (a same-origin
 * path only) or the config app. Answers from the server are shown in an alert region.
 */
const NETWORK_ERROR = 'Unable to reach the server. Check your connection and try again.';
const MISSING_FIELDS = 'Enter your email and password.';


async function postLogin(email: string, password: string, retried = false): Promise<{ ok: boolean; error?: string }> {
  const response = await fetch(`${LOGIN_PATH}?crumb=${encodeURIComponent(crumb())}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { error?: string; crumbFail?: boolean };
  // A stale crumb: the server set a new cookie with its answer; try once more.
  if (body.crumbFail && !retried) return postLogin(email, password, true);
  return response.ok ? { ok: true } : { ok: false, error: body.error ?? `Sign-in failed (HTTP ${response.status}).` };
}

function start(): void {
  const form = document.getElementById('login-form') as HTMLFormElement | null;
  const errorBox = document.getElementById('login-error');
  if (!form || !errorBox) return;
  const button = form.querySelector('button');
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = (form.elements.namedItem('email') as HTMLInputElement).value.trim();
    const password = (form.elements.namedItem('password') as HTMLInputElement).value;
    if (!email || !password) {
      errorBox.textContent = MISSING_FIELDS;
      return;
    }
    if (button) button.disabled = true;
    errorBox.textContent = '';
    postLogin(email, password)
      .then((result) => {
        if (result.ok) {
          const next = new URLSearchParams(location.search).get('next');
          location.assign(sameOriginPath(next, location.origin, '/config/'));
        } else {
          errorBox.textContent = result.error ?? '';
        }
      })
      .catch(() => {
        errorBox.textContent = NETWORK_ERROR;
      })
      .finally(() => {
        if (button) button.disabled = false;
      });
  });
}

start();
