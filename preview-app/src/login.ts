import { sameOriginPath } from '../../contract/url/safe-path';
import { SIGN_IN_MISSING_FIELDS } from '../../contract/owner/sign-in-page';
import { signIn } from './owner-api';

/**
 * The /login page: posts {email, password} with the crumb and goes on to `next` (a same-origin
 * path only) or the config app. Answers from the server are shown in an alert region.
 */
const NETWORK_ERROR = 'Unable to reach the server. Check your connection and try again.';

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
      errorBox.textContent = SIGN_IN_MISSING_FIELDS;
      return;
    }
    if (button) button.disabled = true;
    errorBox.textContent = '';
    signIn(email, password)
      .then((result) => {
        if (result.ok) {
          const next = new URLSearchParams(location.search).get('next');
          location.assign(sameOriginPath(next, location.origin, '/config/'));
        } else {
          errorBox.textContent = result.error;
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
