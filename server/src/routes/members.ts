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
import { PAGE_WORDS } from '../page-text';
import { sendShellPage } from '../site-page';
import { CREDENTIALS, signInOrRefuse } from './auth';
import { clearCartCookie, setCartCookie } from './cart';
import { MEMBER_SESSION_PATH } from '../../../contract/api/paths';

const signInSchema = {
  querystring: crumbQuery,
  body: { type: 'object', required: ['email', 'password'], properties: { ...CREDENTIALS, rememberMe: { type: 'boolean', default: false } } },
} as const;

const signOutSchema = {
  querystring: { type: 'object', properties: { ...crumbQuery.properties, cloneCart: { type: 'boolean', default: false } } },
} as const;

/** The member access page (page type 106): its root gets the sign-in form (member-sign-in.ts), which the runtime makes work. */
export function sendMemberAccessPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  return sendShellPage(app, request, reply, ({ words }) => {
    const text = words('page', PAGE_WORDS);
    const main = `<h1>${escapeHtml(text.membersOnly)}</h1>
<p>${escapeHtml(text.membersOnlyText)}</p>
<div id="${MEMBER_ACCESS_ROOT_ID}"><noscript><p>${escapeHtml(text.signInNeedsScript)}</p></noscript></div>`;
    return { title: text.membersOnly, pageType: PageType.MEMBER_AREA_ACCESS_DENIED, main };
  }, 403);
}

export default async function memberRoutes(app: FastifyInstance): Promise<void> {
  app.post(MEMBER_SESSION_PATH, { schema: signInSchema }, async (request, reply) => {
    const { email, password, rememberMe } = request.body as { email: string; password: string; rememberMe: boolean };
    const user = await signInOrRefuse(app, request, reply, 'member', email.trim(), () => authenticateMember(app.storage, email.trim(), password));
    if (!user) return reply;
    await endMemberSession(app.storage, request.cookies[MEMBER_SESSION_COOKIE]);
    const { token, xsrfToken } = await createMemberSession(app.storage, user.id, rememberMe ? REMEMBERED_SESSION_MS : MEMBER_SESSION_MS);
    // Without rememberMe, a browser-session cookie.
    void reply.setCookie(MEMBER_SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure: 'auto', ...(rememberMe ? { maxAge: REMEMBERED_SESSION_MS / 1000 } : {}) });
    const cart = await openCart(app.storage, request.cookies[CART_COOKIE]);
    if (cart && !cart.purchased) await claimCart(app.storage, cart.token, user.id);
    return { xsrfToken };
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
