/**
 * The summary block (spec part 1 §4, §7): a summary of an events collection asks the server
 * for its current rendering, so a cached page never lists past events; `data.html` (server
 * rendered, trusted) replaces the content. Other summaries stay as published.
 */
import type { BlockModule } from '../../core/types';
import { request } from '../../net/request';
import type * as Paths from '../../../../contract/api/paths';
import { trustedHtml } from '../../platform/trusted-types';

export const WIDGET_RENDERING_PATH: typeof Paths.WIDGET_RENDERING_PATH = '/api/widget/GetWidgetRendering';

export interface WidgetJson {
  type: 'summary' | 'summary-v2';
  id: string | null;
  value: Record<string, unknown>;
}

/** What the call sends: url-encoded widgetJSON, plus collectionId for summary v2. */
export function widgetForm(id: string | null, config: Record<string, unknown>): Record<string, string> {
  const v2 = config.version === 2;
  const widget: WidgetJson = { type: v2 ? 'summary-v2' : 'summary', id, value: config };
  const form: Record<string, string> = { widgetJSON: JSON.stringify(widget) };
  if (v2 && typeof config.collectionId === 'string') form.collectionId = config.collectionId;
  return form;
}

const summary: BlockModule = {
  mount(element, { id, config }) {
    let refreshed = false;
    let destroyed = false;
    if (config.collectionType === 'events') {
      // In the background: the published list stays meanwhile, and a slow server does not hold
      // `ready`. A failure leaves it in place; it is not worth an error overlay.
      void request(WIDGET_RENDERING_PATH, { method: 'POST', form: widgetForm(id, config), onFailure: () => undefined }).then(
        (answer) => {
          const html = (answer as { html?: unknown } | null)?.html;
          if (typeof html === 'string' && element.isConnected && !destroyed) {
            element.innerHTML = trustedHtml(html);
            refreshed = true;
          }
        },
        () => undefined,
      );
    }
    return {
      get refreshed() {
        return refreshed;
      },
      destroy: () => void (destroyed = true),
    };
  },
};
export default summary;
