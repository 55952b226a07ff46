import type { FastifyInstance } from 'fastify';
import { ANALYTICS_V1_PATH, missingRequired, type AnalyticsPayload } from '../../../contract/model/api/analytics';
import { crumbQuery } from '../schemas';
import { isJsonObject as isRecord, parseVisitorJson } from '../security/json-depth';
import { RECORD_EVENT_PATH } from '../../../contract/api/paths';

/** A beacon sends the payload form-encoded with JSON strings inside; fetch sends JSON. */
function normalise(body: unknown): unknown {
  if (!isRecord(body) || typeof body.commonData !== 'string') return body;
  const commonData = parseVisitorJson(body.commonData);
  const customData = parseVisitorJson(String(body.customData ?? '{}'));
  return commonData === undefined || customData === undefined ? null : { ...body, commonData, customData };
}

export default async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.post(ANALYTICS_V1_PATH, { schema: { querystring: crumbQuery } }, async (request, reply) => {
    const payload = normalise(request.body) as AnalyticsPayload | null;
    if (!isRecord(payload) || !isRecord(payload.commonData) || typeof payload.analyticsId !== 'string' || !payload.analyticsId || payload.analyticsId.length > 64) {
      return reply.code(400).send({ error: 'An analytics event needs analyticsId and commonData.' });
    }
    const missing = missingRequired(payload.commonData);
    if (missing.length) return reply.code(400).send({ error: `Missing ${missing.join(', ')}.` });
    const custom = isRecord(payload.customData) ? payload.customData : {};
    const common = JSON.stringify(payload.commonData);
    if (common.length > 16_384) return reply.code(413).send({ error: 'The event is too large.' });
    app.db
      .prepare('INSERT INTO analytics_events (analytics_id, schema_name, action, common_json, custom_json, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(payload.analyticsId, String(payload.customSchemaName ?? 'custom').slice(0, 128), String(payload.commonData.action), common, JSON.stringify(custom), Date.now());
    return reply.code(202).send({});
  });

  // Legacy V0 events (spec part 1 §7): form fields crumb, event, data (JSON).
  app.post(
    RECORD_EVENT_PATH,
    {
      schema: {
        querystring: crumbQuery,
        body: { type: 'object', required: ['event', 'data'], properties: { event: { type: 'string', minLength: 1, maxLength: 128 }, data: { type: 'string', maxLength: 16_384 }, crumb: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { event, data } = request.body as { event: string; data: string };
      if (!isRecord(parseVisitorJson(data))) return reply.code(400).send({ error: 'data must be a JSON object.' });
      app.db.prepare('INSERT INTO legacy_events (event, data_json, created_at) VALUES (?, ?, ?)').run(event, data, Date.now());
      return {};
    },
  );
}
