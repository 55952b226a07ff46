import type { FastifyInstance } from 'fastify';
import { crumbQuery } from '../schemas';
import { isJsonObject, parseVisitorJson } from '../security/json-depth';
import { escapeHtml } from '../html';
import { WIDGET_RENDERING_PATH } from '../../../contract/api/paths';
import { siteFile } from '../site-files';

interface EventItem {
  title: string;
  startDate: string;
  url: string;
  excerpt?: string;
}
interface Collection {
  id: string;
  title: string;
  type: string;
  items: EventItem[];
}


/** The upcoming events of a collection as the summary block's list (every value escaped). */
export function renderEventsSummary(collection: Collection, pageSize: number, now: number): string {
  const upcoming = collection.items
    .filter((item) => Date.parse(item.startDate) >= now)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))
    .slice(0, pageSize);
  if (upcoming.length === 0) return '<p class="summary-empty">No upcoming events.</p>';
  const items = upcoming.map((item) => {
    const date = new Date(item.startDate);
    const label = date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    return `<li class="summary-item"><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a> <time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(label)}</time>${item.excerpt ? `<p>${escapeHtml(item.excerpt)}</p>` : ''}</li>`;
  });
  return `<ul class="summary-list">${items.join('')}</ul>`;
}

/** Spec part 1 §7: POST /api/widget/GetWidgetRendering, url-encoded widgetJSON (+ collectionId for v2). */
export default async function widgetRoutes(app: FastifyInstance): Promise<void> {
  const collections = async (): Promise<Collection[]> => {
    const { collections: listed } = (await siteFile(app, 'collections.json')) as { collections?: unknown };
    return Array.isArray(listed) ? (listed as Collection[]) : [];
  };
  app.post(
    WIDGET_RENDERING_PATH,
    {
      schema: {
        querystring: crumbQuery,
        body: {
          type: 'object',
          required: ['widgetJSON'],
          properties: { widgetJSON: { type: 'string', maxLength: 20_000 }, collectionId: { type: 'string', maxLength: 64 } },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { widgetJSON: string; collectionId?: string };
      const parsed = parseVisitorJson(body.widgetJSON);
      if (!isJsonObject(parsed)) return reply.code(400).send({ error: 'widgetJSON is not a JSON object.' });
      const widget = parsed as { type?: unknown; id?: unknown; value?: Record<string, unknown> };
      if ((widget.type !== 'summary' && widget.type !== 'summary-v2') || typeof widget.value !== 'object' || widget.value === null) {
        return reply.code(400).send({ error: 'Only summary widgets render here.' });
      }
      const collectionId = body.collectionId ?? widget.value.collectionId;
      const collection = (await collections()).find((c) => c.id === collectionId);
      if (!collection) return reply.code(404).send({ error: 'No such collection.' });
      const pageSize = Math.min(30, Math.max(1, Number(widget.value.pageSize) || 5));
      return { html: renderEventsSummary(collection, pageSize, Date.now()) };
    },
  );
}
