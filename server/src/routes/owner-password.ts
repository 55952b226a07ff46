import type { FastifyInstance } from 'fastify';
import { PASSWORD_MIN } from '../../../contract/model/password';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { AccountAnswer, PasswordChangedAnswer } from '../../../contract/api/owner-answers';
import { authenticate, changeAccountPassword, SESSION_COOKIE } from '../accounts';
import { crumbQuery } from '../schemas';
import { CREDENTIALS } from './auth';
import { retryAfterSeconds } from '../security/limits';
import { limitedSignIn } from '../security/sign-in-limits';

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right: nothing was changed.';
export const NEW_PASSWORD_TOO_SHORT = `The new password must have at least ${PASSWORD_MIN} characters.`;
export const TOO_MANY_TRIES = 'Too many wrong passwords: try again in a few minutes.';

const body = {
  type: 'object',
  required: ['current', 'password'],
  additionalProperties: false,
  properties: { current: CREDENTIALS.password, password: CREDENTIALS.password },
} as const;

/**
 * The owner chooses their own password (the one the server generated is in its start log, and
 * one from OWNER_PASSWORD is known to whoever set up the server). The current password is asked
 * for, under the sign-in's own limits, so that a session left open cannot take the account.
 */
export default async function ownerPasswordRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.account, { schema: { querystring: crumbQuery } }, async (request): Promise<AccountAnswer> => ({ email: request.account!.email }));

  app.post(OWNER_PATHS.password, { schema: { querystring: crumbQuery, body } }, async (request, reply) => {
    const { current, password } = request.body as { current: string; password: string };
    const account = request.account!;
    if ([...password].length < PASSWORD_MIN) return reply.code(400).send({ error: NEW_PASSWORD_TOO_SHORT });
    const checked = await limitedSignIn(app.storage, 'owner', account.email, request.ip, () => authenticate(app.storage, account.email, current));
    if ('refused' in checked) return reply.code(429).header('Retry-After', retryAfterSeconds(checked.refused)).send({ error: TOO_MANY_TRIES });
    if ('invalid' in checked) return reply.code(403).send({ error: CURRENT_PASSWORD_WRONG });
    const endedSessions = await changeAccountPassword(app.storage, account.id, password, request.cookies[SESSION_COOKIE]);
    request.log.info(`The owner ${account.email} chose a new password; ${endedSessions} other session(s) signed out.`);
    return { endedSessions } satisfies PasswordChangedAnswer;
  });
}
