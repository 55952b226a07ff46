/**
 * The reservation block (spec part 1 §4, §8, §9): the provider's script is loaded once per
 * page, then its widget with the business slug; the widget's button gets the primary style
 * once it renders; the layout follows the block's width (column at 750 px or less, wide above
 * 850 px, standard between). A signed-in owner gets the 'Preview Only' alert instead.
 */
import type { BlockModule } from '../../core/types';
import { gateEmbed } from '../../core/consent';
import { listen } from '../../platform/events';
import { texts } from '../../platform/strings';
import { loadScript } from '../../platform/load-script';
import { watchWidth } from '../../platform/size';

export const RESERVATION_SCRIPT = 'https://www.exploretock.com/tock.js';
/** Part 1 §9, part 2 §9. */
export const COLUMN_MAX_PX = 750;
export const WIDE_MIN_PX = 850;
export const PREVIEW_TITLE = 'Preview Only';
export const PREVIEW_MESSAGE = 'Please log out of your account in order to use the block.';
/** The spec leaves a failed script unhandled; we say so instead of leaving a blank box. */
export const SCRIPT_FAILED = 'Reservations could not be loaded. Please try again later.';
/** The block's words (platform/strings.ts). */
export const reservationWords = texts('reservation', { previewTitle: PREVIEW_TITLE, previewMessage: PREVIEW_MESSAGE, failed: SCRIPT_FAILED });
export const PRIMARY_CLASS = 'sqs-button-element--primary';

export type ReservationLayout = 'column' | 'standard' | 'wide';
export function reservationLayout(width: number): ReservationLayout {
  if (width <= COLUMN_MAX_PX) return 'column';
  return width > WIDE_MIN_PX ? 'wide' : 'standard';
}

type Tock = (command: string, slug: string) => void;

/** Loads the provider script (once per page) and answers its widget function. */
export function loadProvider(src = RESERVATION_SCRIPT): Promise<Tock> {
  return loadScript(src).then(() => {
    const tock = (window as unknown as { tock?: Tock }).tock;
    if (typeof tock !== 'function') throw new Error('The reservation script did not define its widget.');
    return tock;
  });
}

const reservation: BlockModule = {
  async mount(element, { config, page }) {
    const slug = typeof config.businessSlug === 'string' ? config.businessSlug.trim() : '';
    if (!/^[\w-]{1,80}$/.test(slug)) throw new Error('A reservation block needs its businessSlug.');
    const container = document.createElement('div');
    container.className = 'reservation-widget';
    container.dataset.tockBusiness = slug;
    element.append(container);

    // The width as layout finds it, not read at mount: a read then would force a layout of the
    // page in the middle of mounting its blocks.
    const stopWatching = watchWidth(element, (width) => element.setAttribute('data-layout', reservationLayout(width)));
    const cleanup = () => {
      stopWatching();
      container.remove();
      element.removeAttribute('data-layout');
    };

    if (page.authenticatedAccount) {
      // The owner previews the page: bookings would be real, so the button only explains.
      const button = document.createElement('button');
      button.type = 'button';
      button.className = PRIMARY_CLASS;
      button.textContent = typeof config.buttonText === 'string' ? config.buttonText : 'Reserve';
      container.append(button);
      const stop = listen(button, 'click', () => {
        void import('../../ui/dialog').then((dialog) => dialog.alert({ title: reservationWords().previewTitle, message: reservationWords().previewMessage }));
      });
      return {
        destroy() {
          stop();
          cleanup();
        },
      };
    }

    // The widget's button gets the primary style as soon as the provider renders it.
    const styler = new MutationObserver(() => {
      for (const button of container.querySelectorAll('button, a')) button.classList.add(PRIMARY_CLASS);
    });
    styler.observe(container, { childList: true, subtree: true });
    // Mounted at once: the provider's script arrives when it does (or fails, or stalls) without
    // holding up the page's other blocks and `ready`.
    let destroyed = false;
    const stopGate = gateEmbed(page.cookieSettings, element, { provider: 'Tock', what: 'reservationForm' }, () =>
      loadProvider()
        .then((tock) => !destroyed && tock('init', slug))
        .catch((error: unknown) => {
          if (destroyed) return;
          const message = document.createElement('p');
          message.className = 'reservation-error';
          message.setAttribute('role', 'status');
          message.textContent = reservationWords().failed;
          container.append(message);
          console.warn(SCRIPT_FAILED, error);
        }),
    );
    return {
      destroy() {
        destroyed = true;
        stopGate();
        styler.disconnect();
        cleanup();
      },
    };
  },
};
export default reservation;
