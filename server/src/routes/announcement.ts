/**
 * The announcement bar's text, edited in the config app's rich-text editor and stored as
 * prose-mirror text (part 2 §3); pages get it rendered from the document model.
 */
import type { FastifyInstance } from 'fastify';
import { renderProseMirror, type PmNode } from '../../../contract/model/prose-mirror';
import { readSetting, writeSetting } from '../repositories/settings';
import type { Storage } from '../storage/open';
import { richTextProblem } from '../rich-text';
import { crumbQuery } from '../schemas';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import type { AnnouncementAnswer } from '../../../contract/api/owner-answers';

const KEY = 'announcementBar';

export interface Announcement {
  doc: PmNode;
  show: boolean;
}

export async function storedAnnouncement(store: Storage): Promise<Announcement | null> {
  return parseAnnouncement(await readSetting(store, KEY));
}

export const ANNOUNCEMENT_KEY = KEY;
export const parseAnnouncement = (value: string | null | undefined): Announcement | null => (value ? (JSON.parse(value) as Announcement) : null);

/** What the page context gets: the rendered text, and whether visitors see the bar. */
export function announcementContext(stored: Announcement | null): { html: string; show: boolean } | null {
  return stored ? { html: renderProseMirror(stored.doc), show: stored.show } : null;
}

const node = { type: 'object', required: ['type'], properties: { type: { type: 'string', maxLength: 40 } } } as const;

export default async function announcementRoutes(app: FastifyInstance): Promise<void> {
  // A text saved before it was checked, which the editor cannot open, is given as none.
  app.get(OWNER_PATHS.announcement, { schema: { querystring: crumbQuery } }, async (): Promise<AnnouncementAnswer> => {
    const stored = await storedAnnouncement(app.storage);
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
      await writeSetting(app.storage, KEY, json);
      return { doc, show, html: renderProseMirror(doc) };
    },
  );
}
