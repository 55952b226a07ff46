import type { FastifyInstance } from 'fastify';
import { formRenderSchema, overlaySchema, type CensusPageFields, type FormRenderHit, type OverlayHit } from '../../../runtime/src/model/api/census';
import { crumbQuery } from '../schemas';

/** Census calls whose answers the runtime swallows; each is stored with its page fields. */
export default async function censusRoutes(app: FastifyInstance): Promise<void> {
  censusRoute(app, '/api/census/form-render', formRenderSchema, 'census_form_renders', 'form_id', (hit: FormRenderHit) => hit.formId);
  censusRoute(app, '/api/census/overlay', overlaySchema, 'census_overlays', 'event', (hit: OverlayHit) => hit.event);
}

/**
 * A census call (spec part 1 §7): validated by its shared schema, stored with the page fields,
 * answered with {} (the runtime swallows the answer).
 */
function censusRoute<T extends CensusPageFields>(app: FastifyInstance, url: string, body: object, table: string, column: string, value: (hit: T) => string): void {
  const insert = app.db.prepare(`INSERT INTO ${table} (${column}, page_url, website_id, visitor, created_at) VALUES (?, ?, ?, ?, ?)`);
  app.post(url, { schema: { querystring: crumbQuery, body } }, async (request) => {
    const hit = request.body as T;
    insert.run(value(hit), hit.url, hit.websiteId ?? null, hit.visitorCookie ?? null, Date.now());
    return {};
  });
}
