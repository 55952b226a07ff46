import type { FastifyInstance } from 'fastify';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { MailAnswer } from '../../../contract/api/owner-answers';
import { outboxTrouble } from '../mail/outbox';
import { crumbQuery } from '../schemas';

/**
 * Whether mail goes out, for the owner: the owner app says it next to the submissions and orders
 * that the notices tell of, so that an owner learns of a wrong mail password from the app rather
 * than from a customer (the log says it too, but the owner may not read it).
 */
export default async function ownerMailRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.mail, { schema: { querystring: crumbQuery } }, async (): Promise<MailAnswer> => {
    const mail = app.settings.mail;
    if (!mail) return { sending: false, to: [], waiting: 0, waitingSince: null, failed: 0, problem: null };
    const trouble = await outboxTrouble(app.storage);
    return { sending: true, to: mail.notify, ...trouble, waitingSince: trouble.waitingSince === null ? null : new Date(trouble.waitingSince).toISOString() };
  });
}
