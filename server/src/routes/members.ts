/**
 * Site-user sessions (spec part 2 §7) and members-only pages. Sign-in answers an xsrfToken
 * that later site-user calls send as a header; sign-out may clone the cart so that the
 * visitor keeps what they chose.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CART_COOKIE } from '../../../contract/commerce/routes';
import { MEMBER_ACCESS_ROOT_ID, PageType } from '../../../contract/model/page-types';
import { claimCart, cloneCart, openCart } from '../commerce/store';
import {
  MEMBER_SESSION_COOKIE,
  MEMBER_SESSION_MS,
  REMEMBERED_SESSION_MS,
  XSRF_HEADER,
  authenticateMember,
  createMemberSession,
  endMemberSession,
} from '../members';
import { crumbQuery } from '../schemas';
import { escapeHtml } from '../html';
import { PAGE_WORDS, PASSWORD_RESET_WORDS } from '../page-text';
import { MEMBER_PASSWORD_PATH, passwordResetAvailable } from './member-password';
import { sendShellPage } from '../site-page';
import { CREDENTIALS, signInOrRefuse } from './auth';
import { clearCartCookie, setCartCookie } from './cart';
import { formCrumbValid, formNextPath, formValue } from '../form-posts';
import { ensureCrumb } from '../plugins/crumb';
import { retryAfterSeconds } from '../security/limits';
import { limitedSignIn } from '../security/sign-in-limits';
import { MEMBER_SIGN_IN_FORM_PATH, MEMBER_WORDS, memberSignInHtml } from '../../../contract/members/sign-in-markup';
import { MEMBER_SESSION_PATH } from '../../../contract/api/paths';

const signInSchema = {
  querystring: crumbQuery,
  body: { type: 'object', required: ['email', 'password'], properties: { ...CREDENTIALS, rememberMe: { type: 'boolean', default: false } } },
} as const;

const signOutSchema = {
  querystring: { type: 'object', properties: { ...crumbQuery.properties, cloneCart: { type: 'boolean', default: false } } },
} as const;

/** A refused attempt of the sign-in form posted without the runtime: the form again, with why. */
interface Refused {
  next: string;
  email: string;
  error: (words: { page: typeof PAGE_WORDS; member: typeof MEMBER_WORDS }) => string;
  status: number;
}

/**
 * The member access page (page type 106): its root gets the sign-in form (member-sign-in.ts),
 * which the runtime makes work; after a refused form post, the form again with the message.
 */
export function sendMemberAccessPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, refused?: Refused): Promise<FastifyReply> {
  const crumb = refused ? ensureCrumb(app, request, reply) : '';
  return sendShellPage(app, request, reply, ({ words, site }) => {
    const text = words('page', PAGE_WORDS);
    const member = words('member', MEMBER_WORDS);
    // Outside the form's root: the runtime adopts the form, and the link stays.
    const forgot = passwordResetAvailable(app, site) ? `\n<p class="member-forgot"><a href="${MEMBER_PASSWORD_PATH}">${escapeHtml(words('passwordReset', PASSWORD_RESET_WORDS).forgot)}</a></p>` : '';
    const form = refused ? memberSignInHtml(member, { crumb, next: refused.next, email: refused.email, error: refused.error({ page: text, member }) }) : '';
    const main = `<h1>${escapeHtml(text.membersOnly)}</h1>
<p>${escapeHtml(text.membersOnlyText)}</p>
<div id="${MEMBER_ACCESS_ROOT_ID}">${form}</div>${forgot}`;
    return { title: text.membersOnly, pageType: PageType.MEMBER_AREA_ACCESS_DENIED, main, status: refused?.status ?? 403 };
  });
}

/** Starts a member's session: its cookie (a browser-session one without rememberMe), and the cart they had becomes theirs. */
async function startMemberSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, userId: string, rememberMe: boolean): Promise<string> {
  await endMemberSession(app.storage, request.cookies[MEMBER_SESSION_COOKIE]);
  const { token, xsrfToken } = await createMemberSession(app.storage, userId, rememberMe ? REMEMBERED_SESSION_MS : MEMBER_SESSION_MS);
  void reply.setCookie(MEMBER_SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', ...(rememberMe ? { maxAge: REMEMBERED_SESSION_MS / 1000 } : {}) });
  const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
  if (cart && !cart.purchased) await claimCart(app.storage, cart.token, userId);
  return xsrfToken;
}

export default async function memberRoutes(app: FastifyInstance): Promise<void> {
  app.post(MEMBER_SESSION_PATH, { schema: signInSchema }, async (request, reply) => {
    const { email, password, rememberMe } = request.body as { email: string; password: string; rememberMe: boolean };
    const user = await signInOrRefuse(app, request, reply, 'member', email.trim(), () => authenticateMember(app.storage, email.trim(), password));
    if (!user) return reply;
    return { xsrfToken: await startMemberSession(app, request, reply, user.id, rememberMe) };
  });

  // The sign-in form as a plain HTML form, for a page whose runtime did not run: the same
  // limits as the API call; signed in, back to the page (a path on this site, else home).
  app.post(MEMBER_SIGN_IN_FORM_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const next = formNextPath(body);
    const email = formValue(body.email, CREDENTIALS.email.maxLength).trim();
    const password = formValue(body.password, CREDENTIALS.password.maxLength);
    const refuse = (status: number, error: Refused['error']) => sendMemberAccessPage(app, request, reply, { next, email, error, status });
    if (!formCrumbValid(app, request)) return refuse(403, (words) => words.page.signInExpired);
    if (email.length < CREDENTIALS.email.minLength || !password) return refuse(400, (words) => words.member.invalid);
    const outcome = await limitedSignIn(app.storage, 'member', email, request.ip, () => authenticateMember(app.storage, email, password));
    if ('refused' in outcome) {
      void reply.header('Retry-After', retryAfterSeconds(outcome.refused));
      return refuse(429, (words) => words.member.tooMany);
    }
    if (!('account' in outcome)) return refuse(401, (words) => words.member.invalid);
    await startMemberSession(app, request, reply, outcome.account.id, body.rememberMe === 'on');
    return reply.redirect(next, 303);
  });

  app.delete(MEMBER_SESSION_PATH, { schema: signOutSchema }, async (request, reply) => {
    const member = request.siteUser;
    if (!member) return reply.code(401).send({ error: 'You are not signed in.' });
    if (request.headers[XSRF_HEADER] !== member.xsrfToken) return reply.code(403).send({ error: 'Unauthorized request' });
    await endMemberSession(app.storage, request.cookies[MEMBER_SESSION_COOKIE]);
    void reply.clearCookie(MEMBER_SESSION_COOKIE, { path: '/' });
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    const { cloneCart: clone } = request.query as { cloneCart: boolean };
    if (cart && !cart.purchased && clone) setCartCookie(reply, await cloneCart(app.storage, cart.token));
    else if (cart) clearCartCookie(reply);
    return { signedOut: true };
  });
}
