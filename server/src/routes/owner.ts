import type { FastifyInstance } from 'fastify';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { PlanAnswer, SubmissionsAnswer } from '../../../contract/api/owner-answers';

const listQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, formId: { type: 'string', maxLength: 128 }, limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
} as const;

interface SubmissionRow {
  id: number;
  form_id: string;
  collection_id: string | null;
  values_json: string;
  page_url: string;
  is_overlay_form: number;
  created_at: number;
}

/** The site's plan (no payment provider: choosing one stores it). A new site is on a trial. */
export const PLANS = [
  { id: 'personal', name: 'Personal', priceCents: 1600 },
  { id: 'business', name: 'Business', priceCents: 2300 },
  { id: 'commerce', name: 'Commerce', priceCents: 3900 },
] as const;

function currentPlan(app: FastifyInstance): string {
  return (app.db.prepare("SELECT value FROM settings WHERE key = 'plan'").get() as { value: string } | undefined)?.value ?? 'trial';
}

export default async function ownerRoutes(app: FastifyInstance): Promise<void> {
  app.get(OWNER_PATHS.plan, { schema: { querystring: crumbQuery } }, async (): Promise<PlanAnswer> => {
    const plan = currentPlan(app);
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
      app.db.prepare("INSERT INTO settings (key, value) VALUES ('plan', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(plan);
      return { plan, trial: false, plans: [...PLANS] };
    },
  );

  app.get(OWNER_PATHS.submissions, { schema: { querystring: listQuery } }, async (request): Promise<SubmissionsAnswer> => {
    const { formId, limit } = request.query as { formId?: string; limit: number };
    const rows = (
      formId
        ? app.db.prepare('SELECT * FROM form_submissions WHERE form_id = ? ORDER BY id DESC LIMIT ?').all(formId, limit)
        : app.db.prepare('SELECT * FROM form_submissions ORDER BY id DESC LIMIT ?').all(limit)
    ) as SubmissionRow[];
    const subscribers = app.db.prepare('SELECT list_id AS listId, email, created_at AS createdAt FROM newsletter_subscribers ORDER BY created_at DESC LIMIT ?').all(limit) as SubmissionsAnswer['subscribers'];
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
