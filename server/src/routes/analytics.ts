import type { FastifyInstance } from 'fastify';
import { ANALYTICS_V1_PATH, analyticsPayloadSchema, type AnalyticsPayload } from '../../../contract/model/api/analytics';
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
  // The body is checked with the contract's schema once a beacon's form fields are parsed.
  app.post(
    ANALYTICS_V1_PATH,
    { config: { visitorData: true }, schema: { querystring: crumbQuery, body: analyticsPayloadSchema }, preValidation: async (request) => void (request.body = normalise(request.body)) },
    async (request, reply) => {
      const payload = request.body as AnalyticsPayload;
      const common = JSON.stringify(payload.commonData);
      if (common.length > 16_384) return reply.code(413).send({ error: 'The event is too large.' });
      await app.ingest.write('analytics_events', [
        { analytics_id: payload.analyticsId, schema_name: payload.customSchemaName.slice(0, 128) || 'custom', action: payload.commonData.action, common_json: common, custom_json: JSON.stringify(payload.customData), created_at: Date.now() },
      ]);
      return reply.code(202).send({});
    },
  );

  // Legacy V0 events (spec part 1 §7): form fields crumb, event, data (JSON).
  app.post(
    RECORD_EVENT_PATH,
    {
      config: { visitorData: true },
      schema: {
        querystring: crumbQuery,
        body: { type: 'object', required: ['event', 'data'], properties: { event: { type: 'string', minLength: 1, maxLength: 128 }, data: { type: 'string', maxLength: 16_384 }, crumb: { type: 'string' } } },
      },
    },
    async (request, reply) => {
      const { event, data } = request.body as { event: string; data: string };
      if (!isRecord(parseVisitorJson(data))) return reply.code(400).send({ error: 'data must be a JSON object.' });
      await app.ingest.write('legacy_events', [{ event, data_json: data, created_at: Date.now() }]);
      return {};
    },
  );
}
