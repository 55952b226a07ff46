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
function censusRoute<T extends CensusPageFields>(
  app: FastifyInstance,
  url: string,
  body: object,
  table: 'census_form_renders' | 'census_overlays' | 'census_buttons',
  columns: Record<string, (hit: T) => unknown>,
): void {
  app.post(url, { config: { visitorData: true }, schema: { querystring: crumbQuery, body } }, async (request) => {
    const hit = request.body as T;
    const own = Object.fromEntries(Object.entries(columns).map(([name, value]) => [name, value(hit)]));
    const values = { ...own, page_url: hit.url, website_id: hit.websiteId ?? null, visitor: hit.visitorCookie ?? null, created_at: Date.now() };
    // The three tables share the page columns; each route names its own.
    await app.ingest.write(table, [values as never]);
    return {};
  });
}
