import type { FastifyInstance } from 'fastify';
import { authenticate, createSession, endSession, SESSION_COOKIE } from '../accounts';
import { ensureCrumb } from '../plugins/crumb';
import { clearSessionCookie, setSessionCookie } from '../plugins/session';
import { crumbQuery, noBody } from '../schemas';
import { sendPreviewPage } from './preview';

export const INVALID_LOGIN = 'Invalid email or password.';
export const TOO_MANY_LOGINS = 'Too many sign-in attempts. Please try again later.';
const FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Email and password: owner sign-in, and (with rememberMe) member sign-in. */
export const CREDENTIALS = {
  email: { type: 'string', minLength: 3, maxLength: 254 },
  password: { type: 'string', minLength: 1, maxLength: 1024 },
} as const;

const loginSchema = {
  querystring: crumbQuery,
  body: { type: 'object', required: ['email', 'password'], properties: CREDENTIALS },
} as const;

/** Failed sign-ins per client address, forgotten after the window. */
export function failureCounter() {
  const failures = new Map<string, { count: number; since: number }>();
  return {
    blocked(key: string, now = Date.now()) {
      const entry = failures.get(key);
      if (!entry || now - entry.since > FAILURE_WINDOW_MS) return false;
      return entry.count >= FAILURE_LIMIT;
    },
    fail(key: string, now = Date.now()) {
      const entry = failures.get(key);
      if (!entry || now - entry.since > FAILURE_WINDOW_MS) failures.set(key, { count: 1, since: now });
      else entry.count += 1;
      if (failures.size > 10_000) failures.clear();
    },
    clear(key: string) {
      failures.delete(key);
    },
  };
}

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const counter = failureCounter();

  app.get('/login', { config: { crumb: false } }, async (request, reply) => {
    ensureCrumb(app, request, reply);
    return sendPreviewPage(app, reply, 'login.html');
  });

  app.post('/api/auth/Login', { schema: loginSchema }, async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    if (counter.blocked(request.ip)) return reply.code(429).send({ error: TOO_MANY_LOGINS });
    const account = await authenticate(app.db, email.trim(), password);
    if (!account) {
      counter.fail(request.ip);
      return reply.code(401).send({ error: INVALID_LOGIN });
    }
    counter.clear(request.ip);
    endSession(app.db, request.cookies[SESSION_COOKIE]);
    setSessionCookie(reply, createSession(app.db, account.id));
    return { account: { id: account.id, email: account.email, roles: account.roles } };
  });

  app.post('/api/auth/Logout', { schema: noBody }, async (request, reply) => {
    endSession(app.db, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply);
    return {};
  });
}
