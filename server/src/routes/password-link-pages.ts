/**
 * A new password by mail, as plain forms that work without the runtime: a page that asks for
 * the address, a mail with a link good for a while and once, and a page that sets the new
 * password. The answer to a request is the same whether or not anyone has the address, so that
 * the page tells no one who does. The link's token is moved into a cookie at once and the
 * page's address has none, so that it reaches no analytics, history or Referer. Members
 * (member-password.ts, in the site's frame and language) and owner accounts
 * (owner-password-reset.ts, beside the sign-in page) each give it their pages' look and words.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../contract/model/password';
import { EMAIL_PATTERN } from '../../../contract/model/forms/validate';
import { fill } from '../../../contract/text/format';
import { escapeHtml } from '../html';
import { formCrumbValid, formValue } from '../form-posts';
import { ensureCrumb } from '../plugins/crumb';
import { takeFromWindows } from '../security/limits';
import { completePasswordLink, createPasswordLink, passwordLinkHolder, RESET_LIFETIME_MS, type PasswordLinkTables } from '../password-links';
import { HOUR_MS, queueNotice } from '../mail/outbox';

/** Requests per client address, and per address asked about, within an hour. */
export const RESETS_PER_CLIENT = 5;
export const RESETS_PER_EMAIL = 3;

/** What the pages say. */
export interface PasswordPageWords {
  title: string;
  intro: string;
  email: string;
  send: string;
  /** With {email}. */
  sent: string;
  unavailable: string;
  tooMany: string;
  sessionExpired: string;
  newTitle: string;
  newPassword: string;
  /** With {min}. */
  hint: string;
  save: string;
  /** With {min}. */
  tooShort: string;
  invalidLink: string;
  changed: string;
}

export interface BuiltPage {
  title?: string;
  main: string;
  status?: number;
}

/** One kind of password link's pages: where they are, whose links, their look, and how the link is mailed. */
export interface PasswordLinkPages<Context> {
  paths: { ask: string; choose: string };
  cookie: string;
  tables: PasswordLinkTables;
  /** The rate limits' key prefix. */
  limits: string;
  /** Answers a page built from this kind's words and context (the site's frame, the sign-in page's look). */
  send(request: FastifyRequest, reply: FastifyReply, build: (text: PasswordPageWords, context: Context) => BuiltPage | Promise<BuiltPage>): Promise<FastifyReply>;
  /** Whether links can be mailed (mail, and the site's address for the link). */
  available(context: Context): boolean;
  mailLink(context: Context, email: string): Promise<boolean>;
  /** After the password is set (a log line). */
  onChanged?(request: FastifyRequest, changed: { email: string; endedSessions: number }): void;
}

/**
 * Mails whoever has this address a link to `choosePath` on the site at `base`, the link and its
 * mail made in one transaction; false (and nothing mailed) when no one has the address.
 */
export async function mailPasswordLinkTo(
  app: FastifyInstance,
  link: { tables: PasswordLinkTables; email: string; lifetimeMs: number; base: string; choosePath: string },
  compose: (holderEmail: string, url: string) => { subject: string; lines: string[] },
): Promise<boolean> {
  const mailed = await app.storage.db.transaction().execute(async (trx) => {
    const made = await createPasswordLink(trx, link.tables, link.email, link.lifetimeMs);
    if (!made) return false;
    const { subject, lines } = compose(made.email, new URL(`${link.choosePath}?token=${made.token}`, link.base).href);
    await queueNotice(trx, { to: made.email, subject, body: [...lines, ''].join('\n'), replyTo: null });
    return true;
  });
  app.mail?.wake();
  return mailed;
}

export function registerPasswordLinkPages<Context>(app: FastifyInstance, kind: PasswordLinkPages<Context>): void {
  const { paths, cookie, tables } = kind;
  const message = (title: string, text: string, role: 'status' | 'alert' = 'status') => `<h1>${escapeHtml(title)}</h1>\n<p role="${role}">${escapeHtml(text)}</p>`;
  const errorLine = (error: string) => (error ? `<p class="form-error" role="alert">${escapeHtml(error)}</p>\n` : '');
  const askForm = (text: PasswordPageWords, crumb: string, error = '') => `<h1>${escapeHtml(text.title)}</h1>
${errorLine(error)}<p>${escapeHtml(text.intro)}</p>
<form method="post" action="${paths.ask}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">
<p class="field"><label for="reset-email">${escapeHtml(text.email)}</label> <input id="reset-email" name="email" type="email" required autocomplete="username" maxlength="254"></p>
<p><button type="submit">${escapeHtml(text.send)}</button></p></form>`;
  // The address, hidden, tells a password manager whose password it is saving.
  const chooseForm = (text: PasswordPageWords, crumb: string, holder: string, error = '') => `<h1>${escapeHtml(text.newTitle)}</h1>
${errorLine(error)}<form method="post" action="${paths.choose}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}">
<input name="username" type="email" autocomplete="username" value="${escapeHtml(holder)}" readonly hidden>
<p class="field"><label for="reset-password">${escapeHtml(text.newPassword)}</label> <input id="reset-password" name="password" type="password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}" autocomplete="new-password" aria-describedby="reset-password-hint"${error ? ' aria-invalid="true" autofocus' : ''}> <span id="reset-password-hint">${escapeHtml(fill(text.hint, { min: PASSWORD_MIN }))}</span></p>
<p><button type="submit">${escapeHtml(text.save)}</button></p></form>`;
  const invalidLink = (text: PasswordPageWords) => ({ main: `${message(text.title, text.invalidLink)}\n<p><a href="${paths.ask}">${escapeHtml(text.send)}</a></p>`, status: 404 });
  const holderOf = (token: string) => passwordLinkHolder(app.storage, tables, token);

  app.get(paths.ask, async (request, reply) => {
    const crumb = ensureCrumb(app, request, reply);
    return kind.send(request, reply, (text, context) => ({ main: kind.available(context) ? askForm(text, crumb) : message(text.title, text.unavailable) }));
  });

  app.post(paths.ask, async (request, reply) => {
    const email = formValue((request.body as Record<string, unknown> | undefined)?.email, 254).trim();
    if (!formCrumbValid(app, request)) {
      const crumb = ensureCrumb(app, request, reply);
      return kind.send(request, reply, (text) => ({ main: askForm(text, crumb, text.sessionExpired), status: 403 }));
    }
    const refused = await takeFromWindows(app.storage, [{ key: `${kind.limits}:address:${request.ip}`, limit: RESETS_PER_CLIENT }, { key: `${kind.limits}:email:${email.toLowerCase()}`, limit: RESETS_PER_EMAIL }], HOUR_MS);
    return kind.send(request, reply, async (text, context) => {
      if (!kind.available(context)) return { main: message(text.title, text.unavailable) };
      if (refused) return { main: message(text.title, text.tooMany, 'alert'), status: 429 };
      if (EMAIL_PATTERN.test(email)) await kind.mailLink(context, email);
      return { main: message(text.title, fill(text.sent, { email })) };
    });
  });

  // The link from the mail: its token goes into a cookie for this page alone, and the page is asked for again without it.
  app.get(paths.choose, async (request, reply) => {
    const fromLink = formValue((request.query as Record<string, unknown>).token, 100);
    if (fromLink) {
      if (!(await holderOf(fromLink))) return kind.send(request, reply, invalidLink);
      void reply.setCookie(cookie, fromLink, { path: paths.choose, httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: RESET_LIFETIME_MS / 1000 });
      return reply.header('Referrer-Policy', 'no-referrer').redirect(paths.choose, 303);
    }
    const holder = await holderOf(request.cookies[cookie] ?? '');
    if (!holder) return kind.send(request, reply, invalidLink);
    const crumb = ensureCrumb(app, request, reply);
    return kind.send(request, reply, (text) => ({ title: text.newTitle, main: chooseForm(text, crumb, holder) }));
  });

  app.post(paths.choose, async (request, reply) => {
    const token = request.cookies[cookie] ?? '';
    const password = formValue((request.body as Record<string, unknown> | undefined)?.password, PASSWORD_MAX);
    const again = async (error: (text: PasswordPageWords) => string, status: number) => {
      const holder = await holderOf(token);
      if (!holder) return kind.send(request, reply, invalidLink);
      const crumb = ensureCrumb(app, request, reply);
      return kind.send(request, reply, (text) => ({ title: text.newTitle, main: chooseForm(text, crumb, holder, error(text)), status }));
    };
    if (!formCrumbValid(app, request)) return again((text) => text.sessionExpired, 403);
    if ([...password].length < PASSWORD_MIN) return again((text) => fill(text.tooShort, { min: PASSWORD_MIN }), 400);
    const changed = await completePasswordLink(app.storage, tables, token, password);
    if (!changed) return kind.send(request, reply, invalidLink);
    void reply.clearCookie(cookie, { path: paths.choose });
    kind.onChanged?.(request, changed);
    return kind.send(request, reply, (text) => ({ title: text.newTitle, main: message(text.newTitle, text.changed) }));
  });
}
