import type { FastifyInstance } from 'fastify';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { MemberPasswordAnswer, MembersAnswer, RemovedAnswer } from '../../../contract/api/owner-answers';
import { EMAIL_PATTERN } from '../../../contract/model/forms/validate';
import { PLEASE_ENTER_VALID_EMAIL } from '../../../contract/model/editor-messages';
import { addMember, listMembers, removeMember, renewMemberPassword } from '../repositories/site-members';
import { crumbQuery } from '../schemas';
import { shellPageOf } from '../site-page';
import { mailPasswordLink, passwordResetAvailable } from './member-password';

const emailParams = { type: 'object', required: ['email'], properties: { email: { type: 'string', minLength: 1, maxLength: 320 } } } as const;
const membersQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, find: { type: 'string', maxLength: 320, default: '' }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 } },
} as const;
const newMemberBody = { type: 'object', required: ['email'], additionalProperties: false, properties: { email: { type: 'string', minLength: 1, maxLength: 320 } } } as const;

export const MEMBER_EXISTS = 'This address is a member already: give them a new password instead.';
export const NO_SUCH_MEMBER = 'No member has this address: they may have been removed already.';

/** The owner keeps the site's members (who sign in to its members' pages): list, add, new password, remove. */
export default async function ownerMemberRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.members, { schema: { querystring: membersQuery } }, async (request): Promise<MembersAnswer> => {
    const { find, limit } = request.query as { find: string; limit: number };
    const { rows, total } = await listMembers(app.storage, { find: find.trim(), limit });
    return { members: rows.map((member) => ({ email: member.email, createdAt: new Date(Number(member.created_at)).toISOString() })), total };
  });

  app.post(OWNER_PATHS.members, { schema: { querystring: crumbQuery, body: newMemberBody } }, async (request, reply) => {
    const email = (request.body as { email: string }).email.trim();
    if (!EMAIL_PATTERN.test(email)) return reply.code(400).send({ error: PLEASE_ENTER_VALID_EMAIL });
    const password = await addMember(app.storage, email);
    if (!password) return reply.code(409).send({ error: MEMBER_EXISTS });
    // With mail, the member gets a link to choose their own password (here and with a new one): the one made here need not be passed on.
    const page = await shellPageOf(app);
    const mailed = passwordResetAvailable(app, page.site) && (await mailPasswordLink(app, page, email, 'welcome'));
    return reply.code(201).send({ email, password, mailed } satisfies MemberPasswordAnswer);
  });

  app.post(OWNER_PATHS.memberPassword, { schema: { querystring: crumbQuery, params: emailParams } }, async (request, reply) => {
    const renewed = await renewMemberPassword(app.storage, (request.params as { email: string }).email);
    if (!renewed) return reply.code(404).send({ error: NO_SUCH_MEMBER });
    const page = await shellPageOf(app);
    const mailed = passwordResetAvailable(app, page.site) && (await mailPasswordLink(app, page, renewed.email, 'renewed'));
    return { ...renewed, mailed } satisfies MemberPasswordAnswer;
  });

  app.delete(OWNER_PATHS.member, { schema: { querystring: crumbQuery, params: emailParams } }, async (request, reply) => {
    if (!(await removeMember(app.storage, (request.params as { email: string }).email))) return reply.code(404).send({ error: NO_SUCH_MEMBER });
    return { removed: 1 } satisfies RemovedAnswer;
  });
}
