/**
 * The announcement bar's text, edited in the config app's rich-text editor and stored as
 * prose-mirror text (part 2 §3); pages get it rendered from the document model.
 */
import type { FastifyInstance } from 'fastify';
import { renderProseMirror, type PmNode } from '../../../contract/model/prose-mirror';
import type { Db } from '../db';
import { richTextProblem } from '../rich-text';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { AnnouncementAnswer } from '../../../contract/api/owner-answers';

const KEY = 'announcementBar';

export interface Announcement {
  doc: PmNode;
  show: boolean;
}

export function storedAnnouncement(db: Db): Announcement | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as Announcement) : null;
}

/** What the page context gets: the rendered text, and whether visitors see the bar. */
export function announcementContext(db: Db): { html: string; show: boolean } | null {
  const stored = storedAnnouncement(db);
  return stored ? { html: renderProseMirror(stored.doc), show: stored.show } : null;
}

const node = { type: 'object', required: ['type'], properties: { type: { type: 'string', maxLength: 40 } } } as const;

export default async function announcementRoutes(app: FastifyInstance): Promise<void> {
  // A text saved before it was checked, which the editor cannot open, is given as none.
  app.get(OWNER_PATHS.announcement, { schema: { querystring: crumbQuery } }, async (): Promise<AnnouncementAnswer> => {
    const stored = storedAnnouncement(app.db);
    return stored ? { doc: richTextProblem(stored.doc) ? null : stored.doc, show: stored.show } : { doc: null, show: false };
  });

  app.put(
    OWNER_PATHS.announcement,
    { schema: { querystring: crumbQuery, body: { type: 'object', required: ['doc', 'show'], additionalProperties: false, properties: { doc: node, show: { type: 'boolean' } } } } },
    async (request, reply) => {
      const { doc, show } = request.body as Announcement;
      const problem = richTextProblem(doc);
      if (problem) return reply.code(400).send({ error: problem });
      const json = JSON.stringify({ doc, show });
      app.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(KEY, json);
      return { doc, show, html: renderProseMirror(doc) };
    },
  );
}
