/** The owner's pages list: statuses, schedule, locked and members-only flags (part 2 §3). */
import type { FastifyInstance } from 'fastify';
import { WorkflowState } from '../../../contract/model/site-types';
import { allPageSettings, savePageSettings } from '../page-settings';
import { crumbQuery } from '../schemas';
import { searchIndex } from '../site-search';
import { examplesDir, readSiteSettings, siteTitleOf, withoutSiteTitle } from '../site-page';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { PageSettingsAnswer } from '../../../contract/api/owner-answers';

const STATES = [WorkflowState.PUBLISHED, WorkflowState.SCHEDULED, WorkflowState.NEEDS_REVIEW, WorkflowState.DRAFT, WorkflowState.PRIVATE];

export default async function pageRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.pageSettings, { schema: { querystring: crumbQuery } }, async (): Promise<PageSettingsAnswer> => {
    const settings = await allPageSettings(app.storage);
    const site = await readSiteSettings(app);
    const timeZone = (site.websiteSettings as { timeZone?: unknown } | undefined)?.timeZone;
    const siteTitle = siteTitleOf(site);
    return {
      timeZone: typeof timeZone === 'string' ? timeZone : 'UTC',
      pages: (await searchIndex(examplesDir(app))).map((page) => ({
        path: page.path,
        title: withoutSiteTitle(page.title, siteTitle),
        ...(settings.get(page.path) ?? { workflowState: WorkflowState.PUBLISHED, locked: false, membersOnly: false, publishAt: null }),
      })),
    };
  });

  app.put(
    OWNER_PATHS.pageSettings,
    {
      schema: {
        querystring: crumbQuery,
        body: {
          type: 'object',
          required: ['path', 'workflowState', 'locked', 'membersOnly'],
          additionalProperties: false,
          properties: {
            path: { type: 'string', pattern: '^/[a-z0-9-]*$', maxLength: 100 },
            workflowState: { type: 'integer', enum: STATES },
            locked: { type: 'boolean' },
            membersOnly: { type: 'boolean' },
            publishAt: { type: ['integer', 'null'], minimum: 0 },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { path: string; workflowState: number; locked: boolean; membersOnly: boolean; publishAt?: number | null };
      if (!(await searchIndex(examplesDir(app))).some((page) => page.path === body.path)) return reply.code(404).send({ error: 'Unable to locate content' });
      if (body.workflowState === WorkflowState.SCHEDULED && !body.publishAt) return reply.code(400).send({ error: 'A scheduled page needs a publish date.' });
      await savePageSettings(app.storage, { ...body, publishAt: body.workflowState === WorkflowState.SCHEDULED ? (body.publishAt ?? null) : null });
      return { ok: true };
    },
  );
}
