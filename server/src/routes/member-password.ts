/**
 * A member's new password by mail (with SMTP_URL and site.json's `website.baseUrl`): a page
 * that asks for the address, a mail with a link good for an hour and once, and a page that
 * sets the new password. The answer to a request is the same whether or not the address is a
 * member's, so that the page tells no one who is. The link's token is moved into a cookie at
 * once and the page's address has none, so that it reaches no analytics, history or Referer.
 * Plain forms, in the site's language; they work without the runtime. A member the owner adds
 * gets such a link too (routes/owner-members.ts), good for a week.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { EMAIL_PATTERN } from '../../../contract/model/forms/validate';
import { fill } from '../../../contract/text/format';
import { escapeHtml } from '../html';
import { PASSWORD_RESET_WORDS } from '../page-text';
import { sendShellPage, siteTitleOf, type ShellPage } from '../site-page';
import { formCrumbValid, formValue } from '../form-posts';
import { ensureCrumb } from '../plugins/crumb';
import { takeFromWindows } from '../security/limits';
import { completePasswordReset, createPasswordReset, MEMBER_PASSWORD_MAX, MEMBER_PASSWORD_MIN, RESET_LIFETIME_MS, resetIsValid, WELCOME_LIFETIME_MS } from '../member-password-reset';
import { queueNotice, HOUR_MS } from '../mail/outbox';
import { siteBaseUrl } from '../mail/receipt';

export const MEMBER_PASSWORD_PATH = '/members/password';
export const MEMBER_NEW_PASSWORD_PATH = '/members/password/new';
const RESET_COOKIE = 'member_reset';
/** Requests per client address, and per address asked about, within an hour. */
export const RESETS_PER_CLIENT = 5;
export const RESETS_PER_EMAIL = 3;

type Words = typeof PASSWORD_RESET_WORDS;

/** Whether members can get a new password by mail: the server sends mail and knows the site's address for the link. */
export const passwordResetAvailable = (app: FastifyInstance, site: Record<string, unknown>): boolean => !!app.mail && !!siteBaseUrl(site);

/**
 * Mails the member with this address a link to choose a password: `reset` (they asked; an
 * hour), `welcome` (the owner added them; a week) or `renewed` (the owner gave them a new
 * password; a week). Nothing for an address that is no member's.
 */
export async function mailPasswordLink(app: FastifyInstance, page: ShellPage, email: string, kind: 'reset' | 'welcome' | 'renewed'): Promise<boolean> {
  const text = page.words('passwordReset', PASSWORD_RESET_WORDS);
  const base = siteBaseUrl(page.site)!;
  const title = siteTitleOf(page.site);
  const site = title ?? new URL(base).host;
  const mailed = await app.storage.db.transaction().execute(async (trx) => {
    const link = await createPasswordReset(trx, email, Date.now(), kind === 'reset' ? RESET_LIFETIME_MS : WELCOME_LIFETIME_MS);
    if (!link) return false;
    const url = new URL(`${MEMBER_NEW_PASSWORD_PATH}?token=${link.token}`, base).href;
    const named = { email: link.email, site };
    const [subject, body] =
      kind === 'reset'
        ? [[text.mailSubject, title].filter(Boolean).join(' · '), [fill(text.mailText, named), url, '', text.mailIgnore]]
        : kind === 'welcome'
          ? [fill(text.welcomeSubject, named), [fill(text.welcomeText, named), url, '', text.welcomeAfter]]
          : [fill(text.renewedSubject, named), [fill(text.renewedText, named), url, '', text.welcomeAfter]];
    await queueNotice(trx, { to: link.email, subject, body: [...body, ''].join('\n'), replyTo: null });
    return true;
  });
  app.mail?.wake();
  return mailed;
}

export default async function memberPasswordRoutes(app: FastifyInstance): Promise<void> {
  type Built = { title?: string; main: string; status?: number };
  const sendPage = (request: FastifyRequest, reply: FastifyReply, build: (text: Words, page: ShellPage) => Built | Promise<Built>) =>
    sendShellPage(app, request, reply, async (page) => {
      const text = page.words('passwordReset', PASSWORD_RESET_WORDS);
      const { title = text.title, main, status } = await build(text, page);
      return { title, pageType: PageType.PAGE, main: `<div class="member-password">${main}</div>`, status };
    });
  const message = (title: string, text: string, role: 'status' | 'alert' = 'status') => `<h1>${escapeHtml(title)}</h1>\n<p role="${role}">${escapeHtml(text)}</p>`;
  const requestForm = (text: Words, crumb: string, error = '') => `<h1>${escapeHtml(text.title)}</h1>
${error ? `<p class="form-error" role="alert">${escapeHtml(error)}</p>\n` : ''}<p>${escapeHtml(text.intro)}</p>
<form method="post" action="${MEMBER_PASSWORD_PATH}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">
<p class="field"><label for="reset-email">${escapeHtml(text.email)}</label> <input id="reset-email" name="email" type="email" required autocomplete="username" maxlength="254"></p>
<p><button type="submit">${escapeHtml(text.send)}</button></p></form>`;
  const newPasswordForm = (text: Words, crumb: string, error = '') => `<h1>${escapeHtml(text.newTitle)}</h1>
${error ? `<p class="form-error" role="alert">${escapeHtml(error)}</p>\n` : ''}<form method="post" action="${MEMBER_NEW_PASSWORD_PATH}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">
<p class="field"><label for="reset-password">${escapeHtml(text.newPassword)}</label> <input id="reset-password" name="password" type="password" required minlength="${MEMBER_PASSWORD_MIN}" maxlength="${MEMBER_PASSWORD_MAX}" autocomplete="new-password" aria-describedby="reset-password-hint"${error ? ' aria-invalid="true" autofocus' : ''}> <span id="reset-password-hint">${escapeHtml(text.hint)}</span></p>
<p><button type="submit">${escapeHtml(text.save)}</button></p></form>`;
  const invalidLink = (text: Words) => ({ main: `${message(text.title, text.invalidLink)}\n<p><a href="${MEMBER_PASSWORD_PATH}">${escapeHtml(text.send)}</a></p>`, status: 404 });

  app.get(MEMBER_PASSWORD_PATH, async (request, reply) => {
    const crumb = ensureCrumb(app, request, reply);
    return sendPage(request, reply, (text, page) => (passwordResetAvailable(app, page.site) ? { main: requestForm(text, crumb) } : { main: message(text.title, text.unavailable) }));
  });

  app.post(MEMBER_PASSWORD_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = formValue(body.email, 254).trim();
    if (!formCrumbValid(app, request)) {
      const crumb = ensureCrumb(app, request, reply);
      return sendPage(request, reply, (text) => ({ main: requestForm(text, crumb, text.sessionExpired), status: 403 }));
    }
    const refused = await takeFromWindows(app.storage, [{ key: `password-reset:address:${request.ip}`, limit: RESETS_PER_CLIENT }, { key: `password-reset:email:${email.toLowerCase()}`, limit: RESETS_PER_EMAIL }], HOUR_MS);
    return sendPage(request, reply, async (text, page) => {
      if (!passwordResetAvailable(app, page.site)) return { main: message(text.title, text.unavailable) };
      if (refused) return { main: message(text.title, text.tooMany, 'alert'), status: 429 };
      if (EMAIL_PATTERN.test(email)) {
        await mailPasswordLink(app, page, email, 'reset');
      }
      return { main: message(text.title, fill(text.sent, { email })) };
    });
  });

  // The link from the mail: its token goes into a cookie for this page alone, and the page is asked for again without it.
  app.get(MEMBER_NEW_PASSWORD_PATH, async (request, reply) => {
    const fromLink = formValue((request.query as Record<string, unknown>).token, 100);
    if (fromLink) {
      if (!(await resetIsValid(app.storage, fromLink))) return sendPage(request, reply, invalidLink);
      void reply.setCookie(RESET_COOKIE, fromLink, { path: MEMBER_NEW_PASSWORD_PATH, httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: RESET_LIFETIME_MS / 1000 });
      return reply.header('Referrer-Policy', 'no-referrer').redirect(MEMBER_NEW_PASSWORD_PATH, 303);
    }
    if (!(await resetIsValid(app.storage, request.cookies[RESET_COOKIE] ?? ''))) return sendPage(request, reply, invalidLink);
    const crumb = ensureCrumb(app, request, reply);
    return sendPage(request, reply, (text) => ({ title: text.newTitle, main: newPasswordForm(text, crumb) }));
  });

  app.post(MEMBER_NEW_PASSWORD_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = request.cookies[RESET_COOKIE] ?? '';
    const password = formValue(body.password, MEMBER_PASSWORD_MAX);
    const again = (error: (text: Words) => string, status: number) => {
      const crumb = ensureCrumb(app, request, reply);
      return sendPage(request, reply, (text) => ({ title: text.newTitle, main: newPasswordForm(text, crumb, error(text)), status }));
    };
    if (!formCrumbValid(app, request)) return again((text) => text.sessionExpired, 403);
    if ([...password].length < MEMBER_PASSWORD_MIN) return again((text) => text.tooShort, 400);
    if (!(await completePasswordReset(app.storage, token, password))) return sendPage(request, reply, invalidLink);
    void reply.clearCookie(RESET_COOKIE, { path: MEMBER_NEW_PASSWORD_PATH });
    return sendPage(request, reply, (text) => ({ title: text.newTitle, main: message(text.newTitle, text.changed) }));
  });
}
