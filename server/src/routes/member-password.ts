/**
 * A member's new password by mail (with SMTP_URL and site.json's `website.baseUrl`): the pages
 * of password-link-pages.ts in the site's frame and language, the link good for an hour. A
 * member the owner adds, or gives a new password, gets such a link too (routes/owner-members.ts),
 * good for a week.
 */
import type { FastifyInstance } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { fill } from '../../../contract/text/format';
import { PASSWORD_RESET_WORDS } from '../page-text';
import { sendShellPage, siteTitleOf, type ShellPage } from '../site-page';
import { MEMBER_LINKS, RESET_LIFETIME_MS, WELCOME_LIFETIME_MS } from '../password-links';
import { serverBaseUrl } from '../site-address';
import { mailPasswordLinkTo, registerPasswordLinkPages } from './password-link-pages';

export const MEMBER_PASSWORD_PATH = '/members/password';
export const MEMBER_NEW_PASSWORD_PATH = '/members/password/new';

/** Whether members can get a new password by mail: the server sends mail and knows the site's address for the link. */
export const passwordResetAvailable = (app: FastifyInstance, site: Record<string, unknown>): boolean => !!app.mail && !!serverBaseUrl(site, app.settings.publicUrl);

/**
 * Mails the member with this address a link to choose a password: `reset` (they asked; an
 * hour), `welcome` (the owner added them; a week) or `renewed` (the owner gave them a new
 * password; a week). Nothing for an address that is no member's.
 */
export async function mailPasswordLink(app: FastifyInstance, page: ShellPage, email: string, kind: 'reset' | 'welcome' | 'renewed'): Promise<boolean> {
  const text = page.words('passwordReset', PASSWORD_RESET_WORDS);
  const base = serverBaseUrl(page.site, app.settings.publicUrl)!;
  const title = siteTitleOf(page.site);
  const site = title ?? new URL(base).host;
  return mailPasswordLinkTo(app, { tables: MEMBER_LINKS, email, lifetimeMs: kind === 'reset' ? RESET_LIFETIME_MS : WELCOME_LIFETIME_MS, base, choosePath: MEMBER_NEW_PASSWORD_PATH }, (holder, url) => {
    const named = { email: holder, site };
    const [subject, lines] =
      kind === 'reset'
        ? [[text.mailSubject, title].filter(Boolean).join(' · '), [fill(text.mailText, named), url, '', text.mailIgnore]]
        : kind === 'welcome'
          ? [fill(text.welcomeSubject, named), [fill(text.welcomeText, named), url, '', text.welcomeAfter]]
          : [fill(text.renewedSubject, named), [fill(text.renewedText, named), url, '', text.welcomeAfter]];
    return { subject, lines };
  });
}

export default async function memberPasswordRoutes(app: FastifyInstance): Promise<void> {
  registerPasswordLinkPages<ShellPage>(app, {
    paths: { ask: MEMBER_PASSWORD_PATH, choose: MEMBER_NEW_PASSWORD_PATH },
    cookie: 'member_reset',
    tables: MEMBER_LINKS,
    limits: 'password-reset',
    send: (request, reply, build) =>
      sendShellPage(app, request, reply, async (page) => {
        const text = page.words('passwordReset', PASSWORD_RESET_WORDS);
        const { title = text.title, main, status } = await build(text, page);
        return { title, pageType: PageType.PAGE, main: `<div class="member-password">${main}</div>`, status };
      }),
    available: (page) => passwordResetAvailable(app, page.site),
    mailLink: (page, email) => mailPasswordLink(app, page, email, 'reset'),
  });
}
