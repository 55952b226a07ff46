import type { BlockInstance, BlockModule } from '../../core/types';
import type { ButtonPayload } from '../../../../contract/model/api/button';
import type { CensusPageFields } from '../../../../contract/model/api/census';
import { sendCensus } from '../../net/census';
import { listen } from '../../platform/events';
import { whenIdle } from '../../platform/idle';
import { texts } from '../../platform/strings';
import type * as Paths from '../../../../contract/api/paths';
const BUTTON_CLICK_PATH: typeof Paths.BUTTON_CLICK_PATH = '/api/census/button-click';
const BUTTON_RENDER_PATH: typeof Paths.BUTTON_RENDER_PATH = '/api/census/button-render';

/** Spec part 1 §9: a held click waits for its census call at most this long. */
export const CLICK_HOLD_MS = 2500;
/** The block's default text (platform/strings.ts); its settings' wins. */
export const buttonWords = texts('button', { text: 'Button' });
const ALIGNMENTS = ['left', 'center', 'right'];
const SIZES = ['small', 'medium', 'large'];

type Payload = Omit<ButtonPayload, keyof CensusPageFields>;

/** Only http(s) and mailto/tel targets become links; anything else is left without an href. */
export function safeHref(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  try {
    const url = new URL(value, document.baseURI);
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Whether a click is held until it is recorded. Our reading of part 1 §4: only a plain
 * left click that navigates this tab is held; modifier and middle clicks, other targets and
 * mailto links are recorded by beacon and left alone, since holding them breaks new tabs.
 */
export function holdsClick(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link.target && link.target !== '_self') return false;
  if (link.hasAttribute('download') || link.protocol === 'mailto:') return false;
  return true;
}

const button: BlockModule = {
  mount(element, { id, config, page }): BlockInstance {
    let link = element.querySelector('a');
    const href = safeHref(config.clickthroughUrl ?? link?.getAttribute('href'));
    // The block JSON (what the owner set in the editor) wins over the authored fallback link.
    if (link && typeof config.clickthroughUrl === 'string') {
      if (href) link.href = href;
      else link.removeAttribute('href');
    }
    if (link && typeof config.buttonText === 'string' && config.buttonText.trim()) link.textContent = config.buttonText;
    if (!link) {
      link = document.createElement('a');
      link.className = 'site-button';
      link.textContent = typeof config.buttonText === 'string' ? config.buttonText : buttonWords().text;
      if (href) link.href = href;
      element.appendChild(link);
    }
    const newWindow = config.newWindow === true || link.target === '_blank';
    if (config.newWindow === true) {
      link.target = '_blank';
      link.rel = 'noopener';
    }
    const payload: Payload = {
      id: id ?? element.id,
      buttonText: (link.textContent ?? '').trim(),
      clickthroughUrl: link.href,
      alignment: ALIGNMENTS.includes(String(config.alignment)) ? String(config.alignment) : 'left',
      size: SIZES.includes(String(config.size)) ? String(config.size) : 'medium',
      newWindow,
      context: 'block',
    };
    // The render hit waits for an idle moment (or the page hiding): a page of buttons would
    // otherwise spend its load sending them.
    const cancelRenderHit = whenIdle(() => void sendCensus(page, BUTTON_RENDER_PATH, payload, { beacon: true }));
    const anchor = link;
    const off = listen(anchor, 'click', (event: MouseEvent) => {
      if (!anchor.href) return;
      if (!holdsClick(event, anchor)) {
        void sendCensus(page, BUTTON_CLICK_PATH, payload, { beacon: true });
        return;
      }
      event.preventDefault();
      const go = () => location.assign(anchor.href);
      const timer = setTimeout(go, CLICK_HOLD_MS);
      void sendCensus(page, BUTTON_CLICK_PATH, payload).then(() => {
        clearTimeout(timer);
        go();
      });
    });
    return {
      payload,
      destroy() {
        off();
        // A button destroyed before its render hit went (a re-mount, a theme's destroy) sends none:
        // the next mount sends its own, and the queue does not keep the old block alive.
        cancelRenderHit();
      },
    };
  },
};

export default button;
