import type { FastifyInstance, FastifyReply } from 'fastify';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { readSetting, writeSetting } from '../repositories/settings';
import { deleteSubmission, latestSubmissions } from '../repositories/submissions';
import { deleteOrder, latestOrders } from '../repositories/orders';
import { salesIn } from '../repositories/sales';
import { dayRangeQuery } from '../ingest/day-range';
import { siteDay, siteDayRange } from '../site-day';
import { orderOfRow } from '../commerce/store';
import { subscriberLists, subscribersOf, unsubscribeEverywhere } from '../repositories/mailing-lists';
import { unsubscribePath } from './newsletter';
import type { OrdersAnswer, PlanAnswer, SalesAnswer, RemovedAnswer, SubmissionsAnswer, SubscriberListsAnswer, SubscribersAnswer } from '../../../contract/api/owner-answers';

const listQuery = {
  type: 'object',
  properties: {
    ...crumbQuery.properties,
    formId: { type: 'string', maxLength: 128 },
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    // The next page: submissions older than this one.
    before: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;
const ordersQuery = {
  type: 'object',
  properties: {
    ...crumbQuery.properties,
    limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 },
    // The next page: orders placed before this one.
    before: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;
const orderParams = { type: 'object', required: ['orderNumber'], properties: { orderNumber: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } } } as const;
const listParams = { type: 'object', required: ['listId'], properties: { listId: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const pageQuery = {
  type: 'object',
  properties: { ...crumbQuery.properties, after: { type: 'string', maxLength: 320, default: '' }, limit: { type: 'integer', minimum: 1, maximum: 1000, default: 500 } },
} as const;
const emailParams = { type: 'object', required: ['email'], properties: { email: { type: 'string', minLength: 1, maxLength: 320 } } } as const;

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
    const { formId, limit, before } = request.query as { formId?: string; limit: number; before?: number };
    const rows = await latestSubmissions(app.storage, limit, formId, before);
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
    };
  });

  app.get(OWNER_PATHS.orders, { schema: { querystring: ordersQuery } }, async (request): Promise<OrdersAnswer> => {
    const { limit, before } = request.query as { limit: number; before?: number };
    const { rows, total } = await latestOrders(app.storage, limit, before);
    return {
      orders: rows.map(orderOfRow).map(({ orderNumber, kind, name, email, currency, totalCents, lines, details, createdAt }) => ({
        orderNumber,
        kind,
        name,
        email,
        currency,
        totalCents,
        lines: lines.map(({ title, sku, quantity, lineTotalCents }) => ({ title, sku, quantity, lineTotalCents })),
        details: details ?? {},
        createdAt: new Date(createdAt).toISOString(),
      })),
      total,
    };
  });

  app.get(OWNER_PATHS.sales, { schema: { querystring: dayRangeQuery } }, async (request, reply): Promise<SalesAnswer | FastifyReply> => {
    // The site's days read once, for the range and for each order's day.
    const dayOf = await siteDay(app);
    const range = await siteDayRange(app, request.query, dayOf);
    if ('error' in range) return reply.code(400).send({ error: range.error });
    return { ...range, ...(await salesIn(app.storage, range, dayOf)) };
  });

  app.delete(OWNER_PATHS.order, { schema: { querystring: crumbQuery, params: orderParams } }, async (request, reply) => {
    const removed = await deleteOrder(app.storage, (request.params as { orderNumber: number }).orderNumber);
    if (!removed) return reply.code(404).send({ error: 'This order is not there: it may have been deleted already.' });
    return { removed } satisfies RemovedAnswer;
  });

  app.delete(OWNER_PATHS.submission, { schema: { querystring: crumbQuery, params: idParams } }, async (request, reply) => {
    const removed = await deleteSubmission(app.storage, (request.params as { id: number }).id);
    if (!removed) return reply.code(404).send({ error: 'This submission is not there: it may have been deleted already.' });
    return { removed } satisfies RemovedAnswer;
  });

  app.get(OWNER_PATHS.subscriberLists, { schema: { querystring: crumbQuery } }, async (): Promise<SubscriberListsAnswer> => ({ lists: await subscriberLists(app.storage) }));

  app.get(OWNER_PATHS.subscribers, { schema: { querystring: pageQuery, params: listParams } }, async (request): Promise<SubscribersAnswer> => {
    const { after, limit } = request.query as { after: string; limit: number };
    const rows = await subscribersOf(app.storage, (request.params as { listId: string }).listId, limit, after);
    return {
      subscribers: rows.map((row) => ({ email: row.email, createdAt: new Date(row.created_at).toISOString(), unsubscribePath: row.unsubscribe_token ? unsubscribePath(row.unsubscribe_token) : null })),
      next: rows.length === limit ? rows[rows.length - 1]!.email : null,
    };
  });

  app.delete(OWNER_PATHS.subscriber, { schema: { querystring: crumbQuery, params: emailParams } }, async (request, reply) => {
    const removed = await unsubscribeEverywhere(app.storage, (request.params as { email: string }).email);
    if (!removed) return reply.code(404).send({ error: 'This address is on no list.' });
    return { removed } satisfies RemovedAnswer;
  });
}
