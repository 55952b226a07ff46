import type { FastifyInstance, FastifyReply } from 'fastify';
import { crumbQuery } from '../schemas';
import { MAX_JSON_DEPTH, isJsonObject, parseVisitorJson } from '../security/json-depth';
import { QUICK_VIEW_ROUTE_PATH, RECORD_HIT_PATH, TRACK_PATH } from '../../../contract/api/paths';
import { recordHitBodySchema, type RecordHit } from '../../../contract/model/api/record-hit';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { dayRangeQuery } from '../ingest/day-range';
import { siteDayRange } from '../site-day';
import { trafficIn } from '../repositories/dashboards';
import type { PageViewsAnswer } from '../../../contract/api/owner-answers';
import { hostsOf, referringSite, siteHostsOf } from '../ingest/referring-sites';
import { readSiteSettings } from '../site-page';
import { siteBaseUrl } from '../site-address';
import { indexable } from '../storage/text-values';

const MARKETING = ['source', 'campaign', 'subcampaign', 'channel', 'subchannel', 'variation', 'mkwid'];
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** A transparent 1×1 GIF, the Track image's answer. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function parseData(data: string): Record<string, unknown> | null {
  const parsed = parseVisitorJson(data);
  return isJsonObject(parsed) ? parsed : null;
}

const str = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : null);

export default async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const store = app.storage;
  const listedHosts = hostsOf(app.settings.siteOrigins);

  app.post(RECORD_HIT_PATH, { config: { visitorData: true }, schema: { querystring: crumbQuery, body: recordHitBodySchema } }, async (request, reply) => {
    const hits = (Array.isArray(request.body) ? request.body : [request.body]) as RecordHit[];
    const parsed = hits.map((hit) => ({ hit, data: parseData(hit.data) }));
    if (parsed.some(({ data }) => !data)) return reply.code(400).send({ error: `Each hit needs data as a JSON object string, nested at most ${MAX_JSON_DEPTH} deep.` });
    const now = Date.now();
    const siteHosts = siteHostsOf(request, listedHosts);
    // One statement for the batch: all of it is stored, or none.
    await app.ingest.write(
      'census_hits',
      parsed.map(({ hit, data }) => ({
          event: hit.event,
          path: indexable(str(data!.url, 2048) ?? '/'),
          referrer: referringSite(str(data!.referrer, 2048), siteHosts),
          website_id: str(data!.websiteId, 64),
          visitor_id: hit.ss_cvr?.split('|')[0] ?? null,
        data_json: JSON.stringify(data),
        created_at: now,
      })),
    );
    return {};
  });

  app.get(
    TRACK_PATH,
    {
      // An image request cannot add the crumb header, and changes nothing a visitor owns.
      config: { crumb: false, visitorData: true },
      schema: {
        querystring: {
          type: 'object',
          required: ['landing'],
          properties: { ...crumbQuery.properties, landing: text(2048), refer: text(2048), rk: text(32), lang: text(35), screen: text(20), ...Object.fromEntries(MARKETING.map((name) => [name, text(256)])) },
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const marketing = Object.fromEntries(MARKETING.filter((name) => query[name]).map((name) => [name, query[name]]));
      await app.ingest.write('track_hits', [{ landing: query.landing!, refer: query.refer ?? null, lang: query.lang ?? null, screen: query.screen ?? null, marketing_json: JSON.stringify(marketing), created_at: Date.now() }]);
      return reply.type('image/gif').header('Cache-Control', 'no-store').send(PIXEL);
    },
  );

  // Quick views of a collection item (spec part 1 §7): counted, answer not shown.
  app.post(
    QUICK_VIEW_ROUTE_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, params: { type: 'object', properties: { id: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } } } } },
    async (request) => {
      const { id } = request.params as { id: string };
      await app.ingest.write('census_hits', [{ event: 'quickView', path: `/quick-view/${id}`, referrer: null, website_id: null, visitor_id: null, data_json: JSON.stringify({ itemId: id }), created_at: Date.now() }]);
      return {};
    },
  );

  // From the daily rollups only: a date range costs the same whatever the number of hits.
  app.get(OWNER_PATHS.pageviews, { schema: { querystring: dayRangeQuery } }, async (request, reply): Promise<PageViewsAnswer | FastifyReply> => {
    const range = await siteDayRange(app, request.query);
    if ('error' in range) return reply.code(400).send({ error: range.error });
    const { from, to } = range;
    const siteHosts = siteHostsOf(request, [...listedHosts, ...hostsOf([siteBaseUrl(await readSiteSettings(app)), app.settings.publicUrl])]);
    return { from, to, ...(await trafficIn(store, { from, to }, siteHosts)) };
  });
}
