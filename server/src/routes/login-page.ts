/**
 * The owner's sign-in page (/login, the owner app's login.html). Its script signs in with
 * `POST /api/auth/Login`; when the script does not run (it failed to load on a slow network, or
 * was blocked), the form posts here as a plain form and still signs in, under the same limits.
 * The form says `method="post"`, so that a password never goes into the page's address, its
 * history or a proxy's log, as a form without a method would send it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_IN_MISSING_FIELDS, SIGN_IN_PAGE_PATH } from '../../../contract/owner/sign-in-page';
import { sameOriginPath } from '../../../contract/url/safe-path';
import { authenticate, canOpenConfig } from '../accounts';
import { fill } from '../../../contract/text/format';
import { formCrumbValid, formNextPath, formValue } from '../form-posts';
import { escapeHtml } from '../html';
import { ensureCrumb } from '../plugins/crumb';
import { startSession } from '../plugins/session';
import { retryAfterSeconds } from '../security/limits';
import { limitedSignIn } from '../security/sign-in-limits';
import { sendPreviewPage } from './preview';
import { CREDENTIALS, INVALID_LOGIN, TOO_MANY_LOGINS } from './auth';

export const SIGN_IN_EXPIRED = 'This page was open too long. Please sign in again.';
/** A viewer-only account sent here from /config/ (which it may not open) would otherwise see the form again with no word why. */
export const VIEWER_ONLY = 'You are signed in as {email}, which may view the site but not open the owner app. Sign in with the owner’s account.';
const OWNER_APP = '/config/';

/** Where login.html is completed: each must be there as written (server/test/login-page.test.ts checks the built page). */
export const LOGIN_PAGE_SLOTS = {
  crumb: '<input type="hidden" name="crumb" value="">',
  next: '<input type="hidden" name="next" value="">',
  error: '<p id="login-error" role="alert" aria-live="assertive"></p>',
  email: '<input id="login-email" name="email" type="email" autocomplete="username" required>',
  password: '<input id="login-password" name="password" type="password" autocomplete="current-password" required>',
};

interface Filled {
  crumb: string;
  next: string;
  email?: string;
  error?: string;
}

/** login.html with this visitor's crumb and `next`, and after a refused post the reason and the address typed. */
export function fillLoginPage(html: string, { crumb, next, email = '', error = '' }: Filled): string {
  const slots = LOGIN_PAGE_SLOTS;
  return html
    .replace(slots.crumb, `<input type="hidden" name="crumb" value="${escapeHtml(crumb)}">`)
    .replace(slots.next, `<input type="hidden" name="next" value="${escapeHtml(next)}">`)
    .replace(slots.error, `<p id="login-error" role="alert" aria-live="assertive">${escapeHtml(error)}</p>`)
    .replace(slots.email, email ? slots.email.replace('>', ` value="${escapeHtml(email)}">`) : slots.email)
    .replace(slots.password, error ? slots.password.replace('>', ' autofocus>') : slots.password);
}

export default async function loginPageRoutes(app: FastifyInstance): Promise<void> {
  const sendLoginPage = (request: FastifyRequest, reply: FastifyReply, filled: Omit<Filled, 'crumb'>) =>
    sendPreviewPage(app, reply, 'login.html', (html) => fillLoginPage(html, { ...filled, crumb: ensureCrumb(app, request, reply) }));

  app.get(SIGN_IN_PAGE_PATH, async (request, reply) => {
    const next = sameOriginPath(formValue((request.query as Record<string, unknown>).next, 2048), 'http://site.invalid', OWNER_APP);
    const account = request.account;
    // Signed in already: on to where the page would lead.
    if (canOpenConfig(account)) return reply.redirect(next, 303);
    return sendLoginPage(request, reply, { next, error: account ? fill(VIEWER_ONLY, { email: account.email }) : '' });
  });

  app.post(SIGN_IN_PAGE_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = formValue(body.email, 254).trim();
    const password = formValue(body.password, CREDENTIALS.password.maxLength);
    const next = formNextPath(body, OWNER_APP);
    const again = (status: number, error: string) => sendLoginPage(request, reply.code(status), { next, email, error });
    if (!formCrumbValid(app, request)) return again(403, SIGN_IN_EXPIRED);
    if (!email || !password) return again(400, SIGN_IN_MISSING_FIELDS);
    const outcome = await limitedSignIn(app.storage, 'owner', email, request.ip, () => authenticate(app.storage, email, password));
    if ('refused' in outcome) {
      void reply.header('Retry-After', retryAfterSeconds(outcome.refused));
      return again(429, TOO_MANY_LOGINS);
    }
    if ('invalid' in outcome) return again(401, INVALID_LOGIN);
    await startSession(app, request, reply, outcome.account.id);
    return reply.redirect(next, 303);
  });
}
