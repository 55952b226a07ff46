import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PASSWORD_MAX } from '../../../contract/model/password';
import { authenticate, endSession, SESSION_COOKIE } from '../accounts';
import { clearSessionCookie, startSession } from '../plugins/session';
import { crumbQuery, noBody } from '../schemas';
import { retryAfterSeconds } from '../security/limits';
import { limitedSignIn, type SignInScope } from '../security/sign-in-limits';
import { LOGIN_PATH, LOGOUT_PATH } from '../../../contract/api/paths';
import { MEMBER_WORDS } from '../../../contract/members/sign-in-markup';

/** The sign-in refusals, owner and member alike (the runtime words a member's in the page's language). */
export const INVALID_LOGIN = MEMBER_WORDS.invalid;
export const TOO_MANY_LOGINS = MEMBER_WORDS.tooMany;

/** Email and password: owner sign-in, and (with rememberMe) member sign-in. */
export const CREDENTIALS = {
  email: { type: 'string', minLength: 3, maxLength: 254 },
  password: { type: 'string', minLength: 1, maxLength: PASSWORD_MAX },
} as const;

const loginSchema = {
  querystring: crumbQuery,
  body: { type: 'object', required: ['email', 'password'], properties: CREDENTIALS },
} as const;

/**
 * Signs in through the shared limits (security/sign-in-limits.ts): the account, or null once the
 * answer is sent (401 for a wrong email or password, 429 with Retry-After while a backoff holds).
 */
export async function signInOrRefuse<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: SignInScope,
  email: string,
  verify: () => Promise<T | null>,
): Promise<T | null> {
  const outcome = await limitedSignIn(app.storage, scope, email, request.ip, verify);
  if ('account' in outcome) return outcome.account;
  if ('refused' in outcome) void reply.code(429).header('Retry-After', retryAfterSeconds(outcome.refused)).send({ error: TOO_MANY_LOGINS });
  else void reply.code(401).send({ error: INVALID_LOGIN });
  return null;
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post(LOGIN_PATH, { schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const account = await signInOrRefuse(app, request, reply, 'owner', email.trim(), () => authenticate(app.storage, email.trim(), password));
    if (!account) return reply;
    await startSession(app, request, reply, account.id);
    return { account: { id: account.id, email: account.email, roles: account.roles } };
  });

  app.post(LOGOUT_PATH, { schema: noBody }, async (request, reply) => {
    await endSession(app.storage, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return {};
  });
}
