import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSession, endSession, SESSION_COOKIE, SESSION_LIFETIME_MS, sessionAccount } from '../accounts';
import { MEMBER_SESSION_COOKIE, memberForSession } from '../members';

export function setSessionCookie(reply: FastifyReply, token: string): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: 'auto',
    maxAge: SESSION_LIFETIME_MS / 1000,
  });
}

/** Signs the account in on this browser: a session it brought (another account's, or one planted on it) ends first. */
export async function startSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
  await endSession(app.storage, request.cookies[SESSION_COOKIE]);
  setSessionCookie(reply, await createSession(app.storage, accountId));
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Attaches the signed-in account (or null) to every request. */
export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('account', null);
  app.decorateRequest('siteUser', null);
  app.addHook('onRequest', async (request) => {
    request.account = await sessionAccount(app.storage, request.cookies[SESSION_COOKIE]);
    request.siteUser = await memberForSession(app.storage, request.cookies[MEMBER_SESSION_COOKIE]);
  });
}
