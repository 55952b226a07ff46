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
  const db = app.db;
  const seed = db.prepare('INSERT OR IGNORE INTO mailing_lists (id, name) VALUES (?, ?)');
  for (const list of DEMO_LISTS) seed.run(list.id, list.name);
  const forms = loadFormDefinitions(app.settings.siteDir);

  app.get(OWNER_PATHS.mailingLists, { schema: { querystring: crumbQuery } }, async (): Promise<MailingListsAnswer> => {
    const connections = new Map((db.prepare('SELECT form_id, list_id FROM newsletter_connections').all() as Array<{ form_id: string; list_id: string }>).map((c) => [c.form_id, c.list_id]));
    return {
      lists: db.prepare('SELECT l.id, l.name, (SELECT COUNT(*) FROM newsletter_subscribers s WHERE s.list_id = l.id) AS subscribers FROM mailing_lists l ORDER BY l.name').all() as MailingListsAnswer['lists'],
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
      if (!listId || !db.prepare('SELECT 1 FROM mailing_lists WHERE id = ?').get(listId)) return reply.code(400).send({ error: A_LIST_MUST_BE_SELECTED });
      db.prepare('INSERT INTO newsletter_connections (form_id, list_id) VALUES (?, ?) ON CONFLICT (form_id) DO UPDATE SET list_id = excluded.list_id').run(formId, listId);
      return { formId, listId };
    },
  );

  app.delete(OWNER_PATHS.mailingListConnection, { schema: { querystring: crumbQuery, params: formParams } }, async (request) => {
    db.prepare('DELETE FROM newsletter_connections WHERE form_id = ?').run((request.params as { formId: string }).formId);
    return { listId: null };
  });

  const limits = { tag: MAX_TAG_LENGTH, category: MAX_CATEGORY_LENGTH } as const;
  const list = (): TaxonomyAnswer => ({
    tags: (db.prepare("SELECT name FROM taxonomy WHERE kind = 'tag' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name),
    categories: (db.prepare("SELECT name FROM taxonomy WHERE kind = 'category' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name),
  });

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
      const exists = db.prepare('SELECT 1 FROM taxonomy WHERE kind = ? AND name = ?').get(kind, clean);
      if (exists && clean.toLowerCase() !== from?.toLowerCase()) return reply.code(409).send({ error: alreadyExists(kind) });
      db.transaction(() => {
        if (from) db.prepare('DELETE FROM taxonomy WHERE kind = ? AND name = ?').run(kind, from);
        db.prepare('INSERT OR REPLACE INTO taxonomy (kind, name, created_at) VALUES (?, ?, ?)').run(kind, clean, Date.now());
      })();
      return list();
    },
  );

  app.delete(OWNER_PATHS.taxonomyName, { schema: { querystring: crumbQuery, params: kindParams } }, async (request) => {
    const { kind, name } = request.params as { kind: string; name: string };
    db.prepare('DELETE FROM taxonomy WHERE kind = ? AND name = ?').run(kind, name);
    return list();
  });
}
