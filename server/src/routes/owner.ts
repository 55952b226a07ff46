import type { FastifyInstance } from 'fastify';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { readSetting, writeSetting } from '../repositories/settings';
import { latestSubmissions, latestSubscribers } from '../repositories/submissions';
import type { PlanAnswer, SubmissionsAnswer } from '../../../contract/api/owner-answers';

const listQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, formId: { type: 'string', maxLength: 128 }, limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

/** The site's plan (no payment provider: choosing one stores it). A new site is on a trial. */
export const PLANS = [
  { id: 'personal', name: 'Personal', priceCents: 1600 },
  { id: 'business', name: 'Business', priceCents: 2300 },
  { id: 'commerce', name: 'Commerce', priceCents: 3900 },
] as const;

async function currentPlan(app: FastifyInstance): Promise<string> {
  return (await readSetting(app.storage, 'plan')) ?? 'trial';
}

export default async function ownerRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.plan, { schema: { querystring: crumbQuery } }, async (): Promise<PlanAnswer> => {
    const plan = await currentPlan(app);
    return { plan, trial: plan === 'trial', plans: [...PLANS] };
  });

  app.post(
    OWNER_PATHS.plan,
    {
      schema: {
        querystring: crumbQuery,
        body: { type: 'object', required: ['plan'], additionalProperties: false, properties: { plan: { type: 'string', enum: PLANS.map((p) => p.id) } } },
      },
    },
    async (request): Promise<PlanAnswer> => {
      const { plan } = request.body as { plan: string };
      await writeSetting(app.storage, 'plan', plan);
      return { plan, trial: false, plans: [...PLANS] };
    },
  );

  app.get(OWNER_PATHS.submissions, { schema: { querystring: listQuery } }, async (request): Promise<SubmissionsAnswer> => {
    const { formId, limit } = request.query as { formId?: string; limit: number };
    const rows = await latestSubmissions(app.storage, limit, formId);
    const subscribers = await latestSubscribers(app.storage, limit);
    return {
      submissions: rows.map((row) => ({
        id: row.id,
        formId: row.form_id,
        collectionId: row.collection_id,
        values: JSON.parse(row.values_json) as Record<string, unknown>,
        pageUrl: row.page_url,
        isOverlayForm: row.is_overlay_form === 1,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      subscribers,
    };
  });
}
