/**
 * The owner's editing routes for mailing-list connections and tags/categories (spec part 2
 * §1, §5): every refusal says the spec's message.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_CATEGORY_LENGTH, MAX_TAG_LENGTH } from '../../../contract/commerce/product';
import { A_LIST_MUST_BE_SELECTED, alreadyExists } from '../../../contract/model/editor-messages';
import { loadFormDefinitions } from '../forms/definitions';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { connect, connections, disconnect, listExists, listsWithSubscribers, seedMailingLists } from '../repositories/mailing-lists';
import { deleteTaxonomyName, saveTaxonomyName, taxonomyNames } from '../repositories/taxonomy';
import { readSiteSettings } from '../site-page';
import { mailingListSeeds } from '../site-seeds';
import type { MailingListsAnswer, TaxonomyAnswer } from '../../../contract/api/owner-answers';

const formParams = { type: 'object', required: ['formId'], properties: { formId: { type: 'string', pattern: '^[\\w-]{1,64}$' } } } as const;
const kindParams = {
  type: 'object',
  required: ['kind'],
  properties: { kind: { type: 'string', enum: ['tag', 'category'] }, name: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

export default async function editingRoutes(app: FastifyInstance): Promise<void> {
  const store = app.storage;
  await seedMailingLists(store, mailingListSeeds(await readSiteSettings(app), (message) => app.log.warn(message)));
  const forms = loadFormDefinitions(app.settings.siteDir);

  app.get(OWNER_PATHS.mailingLists, { schema: { querystring: crumbQuery } }, async (): Promise<MailingListsAnswer> => {
    const connected = await connections(store);
    return {
      lists: await listsWithSubscribers(store),
      newsletters: [...forms.values()].filter((f) => f.newsletter).map((f) => ({ formId: f.formId, listId: connected.get(f.formId) ?? null })),
    };
  });

  app.put(
    OWNER_PATHS.mailingListConnection,
    { schema: { querystring: crumbQuery, params: formParams, body: { type: 'object', properties: { listId: { type: ['string', 'null'], maxLength: 64 } } } } },
    async (request, reply) => {
      const { formId } = request.params as { formId: string };
      const { listId } = (request.body ?? {}) as { listId?: string | null };
      if (!forms.get(formId)?.newsletter) return reply.code(404).send({ error: 'Unable to locate content' });
      if (!listId || !(await listExists(store, listId))) return reply.code(400).send({ error: A_LIST_MUST_BE_SELECTED });
      await connect(store, formId, listId);
      return { formId, listId };
    },
  );

  app.delete(OWNER_PATHS.mailingListConnection, { schema: { querystring: crumbQuery, params: formParams } }, async (request) => {
    await disconnect(store, (request.params as { formId: string }).formId);
    return { listId: null };
  });

  const limits = { tag: MAX_TAG_LENGTH, category: MAX_CATEGORY_LENGTH } as const;
  const list = async (): Promise<TaxonomyAnswer> => ({ tags: await taxonomyNames(store, 'tag'), categories: await taxonomyNames(store, 'category') });

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
      if (!(await saveTaxonomyName(store, kind, clean, from))) return reply.code(409).send({ error: alreadyExists(kind) });
      return list();
    },
  );

  app.delete(OWNER_PATHS.taxonomyName, { schema: { querystring: crumbQuery, params: kindParams } }, async (request) => {
    const { kind, name } = request.params as { kind: 'tag' | 'category'; name: string };
    await deleteTaxonomyName(store, kind, name);
    return list();
  });
}
