/**
 * The owner's editing routes for mailing-list connections and tags/categories (spec part 2
 * §1, §5): every refusal says the spec's message.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MAX_CATEGORY_LENGTH, MAX_TAG_LENGTH } from '../../../contract/commerce/product';
import { A_LIST_MUST_BE_SELECTED, alreadyExists } from '../../../contract/model/editor-messages';
import { loadFormDefinitions } from '../forms/definitions';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { sql } from 'kysely';
import { lockedTransaction } from '../storage/locked';
import type { MailingListsAnswer, TaxonomyAnswer } from '../../../contract/api/owner-answers';

/** The demo site's subscriber lists, created on first start. */
export const DEMO_LISTS = [
  { id: 'studio-news', name: 'Studio news' },
  { id: 'print-club', name: 'Print club updates' },
];

const formParams = { type: 'object', required: ['formId'], properties: { formId: { type: 'string', pattern: '^[\\w-]{1,64}$' } } } as const;
const kindParams = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: ['tag', 'category'] }, name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export default async function editingRoutes(app: FastifyInstance): Promise<void> {
  const store = app.storage;
  await store.db.insertInto('mailing_lists').values([...DEMO_LISTS]).onConflict((conflict) => conflict.column('id').doNothing()).execute();
  const forms = loadFormDefinitions(app.settings.siteDir);

  app.get(OWNER_PATHS.mailingLists, { schema: { querystring: crumbQuery } }, async (): Promise<MailingListsAnswer> => {
    const connections = new Map((await store.db.selectFrom('newsletter_connections').select(['form_id', 'list_id']).execute()).map((c) => [c.form_id, c.list_id]));
    const lists = await store.db
      .selectFrom('mailing_lists as l')
      .select((eb) => ['l.id', 'l.name', eb.selectFrom('newsletter_subscribers as s').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('s.list_id', '=', 'l.id').as('subscribers')])
      .orderBy('l.name')
      .execute();
    return {
      lists: lists.map((list) => ({ id: list.id, name: list.name, subscribers: Number(list.subscribers ?? 0) })),
      newsletters: [...forms.values()].filter((f) => f.newsletter).map((f) => ({ formId: f.formId, listId: connections.get(f.formId) ?? null })),
    };
  });

  app.put(
    OWNER_PATHS.mailingListConnection,
    { schema: { querystring: crumbQuery, params: formParams, body: { type: 'object', properties: { listId: { type: ['string', 'null'], maxLength: 64 } } } } },
    async (request, reply) => {
      const { formId } = request.params as { formId: string };
      const { listId } = (request.body ?? {}) as { listId?: string | null };
      if (!forms.get(formId)?.newsletter) return reply.code(404).send({ error: 'Unable to locate content' });
      if (!listId || !(await store.db.selectFrom('mailing_lists').select('id').where('id', '=', listId).executeTakeFirst())) return reply.code(400).send({ error: A_LIST_MUST_BE_SELECTED });
      await store.db
        .insertInto('newsletter_connections')
        .values({ form_id: formId, list_id: listId })
        .onConflict((conflict) => conflict.column('form_id').doUpdateSet({ list_id: listId }))
        .execute();
      return { formId, listId };
    },
  );

  app.delete(OWNER_PATHS.mailingListConnection, { schema: { querystring: crumbQuery, params: formParams } }, async (request) => {
    await store.db.deleteFrom('newsletter_connections').where('form_id', '=', (request.params as { formId: string }).formId).execute();
    return { listId: null };
  });

  const limits = { tag: MAX_TAG_LENGTH, category: MAX_CATEGORY_LENGTH } as const;
  // Names are compared and sorted without case, as the owner reads them, on either engine.
  const named = (name: string) => sql<boolean>`lower(name) = ${name.toLowerCase()}`;
  const names = async (kind: 'tag' | 'category') =>
    (await store.db.selectFrom('taxonomy').select('name').where('kind', '=', kind).orderBy(sql`lower(name)`).orderBy('name').execute()).map((row) => row.name);
  const list = async (): Promise<TaxonomyAnswer> => ({ tags: await names('tag'), categories: await names('category') });

  app.get(OWNER_PATHS.taxonomy, { schema: { querystring: crumbQuery } }, async () => list());

  /** Adds `name` (or renames `from` to it) within one kind; the spec's messages for clashes. */
  app.post(
    OWNER_PATHS.taxonomyKind,
    {
      schema: {
        querystring: crumbQuery,
        params: kindParams,
        body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, from: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request, reply) => {
      const { kind } = request.params as { kind: 'tag' | 'category' };
      const { name, from } = request.body as { name: string; from?: string };
      const clean = name.trim();
      if (!clean || clean.length > limits[kind]) return reply.code(400).send({ error: `A ${kind} has 1 to ${limits[kind]} characters.` });
      const clash = await lockedTransaction(store, [`taxonomy:${kind}`], async (trx) => {
        const exists = await trx.selectFrom('taxonomy').select('name').where('kind', '=', kind).where(named(clean)).executeTakeFirst();
        if (exists && clean.toLowerCase() !== from?.toLowerCase()) return true;
        if (from) await trx.deleteFrom('taxonomy').where('kind', '=', kind).where(named(from)).execute();
        await trx.deleteFrom('taxonomy').where('kind', '=', kind).where(named(clean)).execute();
        await trx.insertInto('taxonomy').values({ kind, name: clean, created_at: Date.now() }).execute();
        return false;
      });
      if (clash) return reply.code(409).send({ error: alreadyExists(kind) });
      return list();
    },
  );

  app.delete(OWNER_PATHS.taxonomyName, { schema: { querystring: crumbQuery, params: kindParams } }, async (request) => {
    const { kind, name } = request.params as { kind: 'tag' | 'category'; name: string };
    await store.db.deleteFrom('taxonomy').where('kind', '=', kind).where(named(name)).execute();
    return list();
  });
}
