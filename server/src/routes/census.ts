import type { FastifyInstance } from 'fastify';
import { formRenderSchema, overlaySchema, type CensusPageFields, type FormRenderHit, type OverlayHit } from '../../../contract/model/api/census';
import { buttonPayloadSchema, type ButtonPayload } from '../../../contract/model/api/button';
import { crumbQuery } from '../schemas';
import { BUTTON_CLICK_PATH, BUTTON_RENDER_PATH, FORM_RENDER_PATH, OVERLAY_PATH } from '../../../contract/api/paths';

/** Census calls whose answers the runtime swallows; each is stored with its page fields. */
export default async function censusRoutes(app: FastifyInstance): Promise<void> {
  censusRoute(app, FORM_RENDER_PATH, formRenderSchema, 'census_form_renders', { form_id: (hit: FormRenderHit) => hit.formId });
  censusRoute(app, OVERLAY_PATH, overlaySchema, 'census_overlays', { event: (hit: OverlayHit) => hit.event });
  for (const kind of ['render', 'click'] as const) {
    censusRoute(app, kind === 'render' ? BUTTON_RENDER_PATH : BUTTON_CLICK_PATH, buttonPayloadSchema, 'census_buttons', {
      kind: () => kind,
      button_id: (hit: ButtonPayload) => hit.id,
      button_text: (hit: ButtonPayload) => hit.buttonText,
      clickthrough_url: (hit: ButtonPayload) => hit.clickthroughUrl,
    });
  }
}

/**
 * A census call (spec part 1 §7): validated by its shared schema, stored with the page fields,
 * answered with {} (the runtime swallows the answer).
 */
function censusRoute<T extends CensusPageFields>(app: FastifyInstance, url: string, body: object, table: string, columns: Record<string, (hit: T) => unknown>): void {
  const names = Object.keys(columns);
  const insert = app.db.prepare(
    `INSERT INTO ${table} (${names.join(', ')}, page_url, website_id, visitor, created_at) VALUES (${names.map(() => '?').join(', ')}, ?, ?, ?, ?)`,
  );
  app.post(url, { schema: { querystring: crumbQuery, body } }, async (request) => {
    const hit = request.body as T;
    insert.run(...Object.values(columns).map((value) => value(hit)), hit.url, hit.websiteId ?? null, hit.visitorCookie ?? null, Date.now());
    return {};
  });
}
