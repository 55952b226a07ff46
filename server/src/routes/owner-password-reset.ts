/**
 * An owner's (or viewer's) forgotten password, from the sign-in page's "Forgot your password?":
 * the pages of password-link-pages.ts with the sign-in page's look, in English as the owner app
 * is, the link mailed to the account's address and good for an hour. Without mail the page
 * says who can help: whoever runs the server sets a new password (OWNER_PASSWORD and a restart).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fill } from '../../../contract/text/format';
import { escapeHtml } from '../html';
import { serverBaseUrl } from '../site-address';
import { ACCOUNT_LINKS, RESET_LIFETIME_MS } from '../password-links';
import { PASSWORD_RESET_WORDS } from '../page-text';
import { readSiteSettings, siteTitleOf } from '../site-page';
import { mailPasswordLinkTo, registerPasswordLinkPages, type BuiltPage, type PasswordPageWords } from './password-link-pages';

export const OWNER_RESET_PATH = '/login/password';
export const OWNER_NEW_PASSWORD_PATH = '/login/password/new';

const CANNOT_MAIL = 'Whoever runs the server can set a new password for you; then choose your own under Account in the owner app.';
export const NO_MAIL = `This server sends no email, so it cannot send you a link. ${CANNOT_MAIL}`;
export const NO_SITE_ADDRESS = `This server does not know its own address for the link (website.baseUrl in site.json, or PUBLIC_URL), so it cannot send you one. ${CANNOT_MAIL}`;

// The form's own words are the members' English ones.
const { email, send, newTitle, newPassword, hint, save, tooShort, invalidLink } = PASSWORD_RESET_WORDS;
export const OWNER_RESET_WORDS: PasswordPageWords = {
  email,
  send,
  newTitle,
  newPassword,
  hint,
  save,
  tooShort,
  invalidLink,
  title: 'Forgot your password?',
  intro: 'Enter the email you sign in with. If it belongs to an account here, we send it a link to choose a new password.',
  sent: 'If {email} belongs to an account here, a link to choose a new password is on its way. It works once, for one hour.',
  unavailable: NO_MAIL,
  tooMany: 'Too many requests. Please try again in an hour.',
  sessionExpired: 'This page was open too long. Please try again.',
  changed: 'Your password is changed, and every session of yours is signed out.',
};

export const OWNER_RESET_MAIL = {
  subject: 'Reset your password · {site}',
  text: 'Someone asked to reset the password of {email} for {site}. To choose a new one, open this link within an hour:',
  ignore: 'If it was not you, ignore this email: your password stays as it is.',
};

/** The page around the form: the sign-in page's look, never cached (a form carries the crumb). */
const ownerPage = (title: string, main: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)} · Tessera</title>
  <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/config/login.css">
</head>
<body>
  <main>
${main}
    <p class="login-help"><a href="/login">Sign in</a></p>
  </main>
</body>
</html>
`;

export default async function ownerPasswordResetRoutes(app: FastifyInstance): Promise<void> {
  type Site = Record<string, unknown>;
  const send = async (_request: FastifyRequest, reply: FastifyReply, build: (text: PasswordPageWords, site: Site) => BuiltPage | Promise<BuiltPage>) => {
    const site = await readSiteSettings(app);
    const text = { ...OWNER_RESET_WORDS, unavailable: app.mail ? NO_SITE_ADDRESS : NO_MAIL };
    const { title = text.title, main, status = 200 } = await build(text, site);
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(ownerPage(title, main));
  };
  registerPasswordLinkPages<Site>(app, {
    paths: { ask: OWNER_RESET_PATH, choose: OWNER_NEW_PASSWORD_PATH },
    cookie: 'owner_reset',
    tables: ACCOUNT_LINKS,
    limits: 'owner-password-reset',
    send,
    available: (site) => !!app.mail && !!serverBaseUrl(site, app.settings.publicUrl),
    mailLink: async (site, email) => {
      const base = serverBaseUrl(site, app.settings.publicUrl)!;
      const named = { site: siteTitleOf(site) ?? new URL(base).host };
      const mailed = await mailPasswordLinkTo(app, { tables: ACCOUNT_LINKS, email, lifetimeMs: RESET_LIFETIME_MS, base, choosePath: OWNER_NEW_PASSWORD_PATH }, (holder, url) => ({
        subject: fill(OWNER_RESET_MAIL.subject, named),
        lines: [fill(OWNER_RESET_MAIL.text, { ...named, email: holder }), url, '', OWNER_RESET_MAIL.ignore],
      }));
      // Whoever runs the server sees who asked (an account's address only: others are not logged).
      if (mailed) app.log.info(`A link to choose a new password was mailed to the account ${email}.`);
      return mailed;
    },
    onChanged: (request, { email, endedSessions }) => request.log.info(`The account ${email} chose a new password from a mailed link; ${endedSessions} session(s) signed out.`),
  });
}
