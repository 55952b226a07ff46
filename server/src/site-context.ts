import { accessPermissionsFor, type Account } from './accounts';
import type { SiteUser } from './members';
import { websiteRolesMap } from '../../contract/model/roles';
import { withAnnouncementBar } from './announcement-bar';
import { withCookieBanner, type BannerVisitor } from './cookie-banner';
import { pageWords, type Catalogues } from './page-words';
import { withMemberSignIn } from './member-sign-in';
import { MEMBER_WORDS } from '../../contract/members/sign-in-markup';
import { BAR_WORDS } from '../../contract/overlays/bar-markup';
import { BANNER_WORDS } from '../../contract/consent/settings';
import { TAG_INSIDE, idIs } from './html';

/**
 * The placeholder a page carries where the server injects the page context (CONTRACT §2): the
 * `<script>` whose id is `site-context`, its attributes in any order and others beside them (a
 * theme's `data-runtime-base`), which stay. Group 1 is its opening tag, group 2 its JSON.
 */
export const CONTEXT_TAG = new RegExp(String.raw`(<script\b${idIs('site-context')}${TAG_INSIDE}>)([\s\S]*?)<\/script>`, 'i');

/** JSON inside <script> must not close the tag or break lines in old parsers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface ContextInput {
  site: Record<string, unknown>;
  page: Record<string, unknown>;
  account: Account | null;
  /** A signed-in site member: `memberAccount {email, xsrfToken}` (our addition to the context). */
  member?: SiteUser | null;
  /** The owner's announcement from the editor (a site setting; a page's own wins). */
  announcement?: { html: string; show: boolean } | null;
  env: string;
  /** Fields that win over the page's own (the type of a not-found page). */
  forced?: Record<string, unknown>;
  /** What the server's forms post without the runtime (the member sign-in, the cookie banner): the visitor's crumb, this page's path. */
  formPost?: { crumb: string; next: string };
}

function withAnnouncement(site: Record<string, unknown>, announcement: { html: string; show: boolean }): Record<string, unknown> {
  const settings = (typeof site.websiteSettings === 'object' && site.websiteSettings) || {};
  const bar = (settings as Record<string, unknown>).announcementBarSettings;
  return { ...site, showAnnouncementBar: announcement.show, websiteSettings: { ...settings, announcementBarSettings: { ...(typeof bar === 'object' ? bar : {}), text: announcement.html } } };
}

/** Site settings, then the page's own fields, then what belongs to this visitor. */
export function buildContext({ site, page, account, member, announcement, env, forced }: ContextInput): Record<string, unknown> {
  // The owner's announcement is a site setting: a page that sets its own keeps it.
  const siteWide = announcement ? withAnnouncement(site, announcement) : site;
  const context: Record<string, unknown> = { ...siteWide, ...page, ...forced, env };
  context.memberAccount = member ? { email: member.email, xsrfToken: member.xsrfToken } : null;
  if (account) {
    context.authenticatedAccount = { id: account.id };
    context.websiteRoles = websiteRolesMap(account.roles);
    context.accessPermissions = accessPermissionsFor(account);
  } else {
    context.authenticatedAccount = null;
    context.websiteRoles = {};
    context.accessPermissions = [];
  }
  return context;
}

/** A page's own context (its placeholder's JSON; {} when empty), or null without a placeholder or with JSON that is not an object. */
export function pageOwnContext(html: string): Record<string, unknown> | null {
  return ownContext(CONTEXT_TAG.exec(html));
}

function ownContext(placeholder: RegExpExecArray | null): Record<string, unknown> | null {
  const own = placeholder?.[2]?.trim();
  if (own === undefined) return null;
  if (!own) return {};
  try {
    const parsed: unknown = JSON.parse(own);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Fills a page's placeholder with the context, and renders the announcement bar, the cookie
 * banner and the member sign-in form when they show (announcement-bar.ts, cookie-banner.ts,
 * member-sign-in.ts; `visitor` is what the banner's rule reads of the request, `consentStyles`
 * the built consent.css to inline). A page without
 * the placeholder is served as it is (a static page without context); a placeholder whose own
 * JSON is invalid is left untouched so that the runtime reports it.
 */
export function injectContext(
  html: string,
  input: Omit<ContextInput, 'page'>,
  visitor: BannerVisitor = { cookies: {}, gpc: undefined, screenshot: undefined },
  consentStyles = '',
  catalogues: Catalogues = {},
): string {
  const match = CONTEXT_TAG.exec(html);
  const page = ownContext(match);
  if (!match || !page) return html;
  const context = buildContext({ ...input, page });
  const json = scriptSafeJson(context);
  const withContext = html.slice(0, match.index) + `${match[1]}${json}</script>` + html.slice(match.index + match[0].length);
  const words = pageWords(html, context, catalogues);
  const withForm = withMemberSignIn(withContext, context, words('member', MEMBER_WORDS), input.formPost);
  return withCookieBanner(withAnnouncementBar(withForm, context, words('bars', BAR_WORDS)), context, visitor, consentStyles, words('banner', BANNER_WORDS), input.formPost);
}
