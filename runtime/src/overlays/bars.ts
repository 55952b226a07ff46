import type { PageContext } from '../../../contract/context/types';
import { safeStorage } from '../platform/storage';
import { announcementShows, badgeType, licensedBarShows, mobileBarShows, mobileBarStyle, MOBILE_BAR_STYLE } from '../../../contract/overlays/bar-rules';
import { ANNOUNCEMENT_CLASS, announcementBarHtml, BAR_WORDS } from '../../../contract/overlays/bar-markup';
import { texts } from '../platform/strings';
import { assetUrl, loadStylesheet } from '../platform/assets';
import { isMobile } from '../platform/device';
import { listen, type Teardown } from '../platform/events';
import { teardowns, type Teardowns } from '../platform/lifetime';
import { coverScreenFoot, showOnTop } from '../platform/screen-foot';
import { trustedHtml } from '../platform/trusted-types';

export const OVERLAYS_STYLESHEET = 'overlays.css';
export const ANNOUNCEMENT_DISMISSED_KEY = 'ss-announcement-dismissed';
export const LICENSED_TEXT = 'This page shows licensed images in preview. License them before you publish.';
export const BADGE_TEXT = 'Made with Tessera';

/** The bars' words (platform/strings.ts); the announcement's are shared with the server's markup. */
export const barWords = texts('bars', {
  ...BAR_WORDS,
  licensedLabel: 'Licensed images',
  licensed: LICENSED_TEXT,
  badgeLabel: 'Badge',
  badge: BADGE_TEXT,
  contact: 'Contact information',
});

function bar(className: string, label: string, parent: HTMLElement = document.body): HTMLElement {
  const element = document.createElement('aside');
  element.className = `site-bar ${className}`;
  element.setAttribute('aria-label', label);
  return parent.appendChild(element);
}

export const BOTTOM_STACK_CLASS = 'site-bottom-stack';
const LICENSED_CLASS = 'site-licensed-assets-bar';
const STACK_HEIGHT = '--site-bottom-stack-height';

/**
 * The fixed UI at the foot of the screen (the badge over the mobile information bar) in one
 * stack that grows, so that no two of them overlap; the page ends with room of its height
 * (platform/screen-foot.ts), so that it covers none of the page scrolled to its end. In the top
 * layer, as the cookie banner is: a bottom banner sits above the stack.
 */
function bottomStack(stops: Teardowns): HTMLElement {
  const existing = document.querySelector<HTMLElement>(`.${BOTTOM_STACK_CLASS}`);
  if (existing) return existing;
  const stack = document.createElement('div');
  stack.className = BOTTOM_STACK_CLASS;
  // A bottom cookie banner sits above the stack (consent.css reads its height).
  const observer = new ResizeObserver(() => document.documentElement.style.setProperty(STACK_HEIGHT, `${stack.offsetHeight}px`));
  observer.observe(stack);
  document.body.append(stack);
  stops.add(showOnTop(stack));
  // The stack stays while the visitor reads: on a theme that scrolls its page in a box, the room ends that box.
  stops.add(coverScreenFoot(stack));
  stops.add(() => {
    observer.disconnect();
    stack.remove();
    document.documentElement.style.removeProperty(STACK_HEIGHT);
  });
  return stack;
}

/**
 * The announcement bar: owner HTML, dismissible for the session. A bar already in the page (the
 * server or theme rendered it, so that it is there at the first paint) is adopted; otherwise
 * the same markup is added at the top, which moves the page down once.
 */
function announcement(page: Readonly<PageContext>, stops: Teardowns): void {
  const session = safeStorage('session');
  const preview = page.showAnnouncementBar !== true;
  const rendered = document.querySelector<HTMLElement>(`.${ANNOUNCEMENT_CLASS}`);
  if (!preview && session.get(ANNOUNCEMENT_DISMISSED_KEY) === 'true') return void rendered?.remove();
  let element = rendered;
  if (!element) {
    const text = (page.websiteSettings.announcementBarSettings as { text?: unknown } | undefined)?.text;
    const holder = document.createElement('div');
    holder.innerHTML = trustedHtml(announcementBarHtml(typeof text === 'string' ? text : '', preview, barWords()));
    element = holder.firstElementChild as HTMLElement;
    // A skip link that opens the page stays the first thing a keyboard reaches.
    const first = document.body.firstElementChild;
    if (first?.matches('a[href^="#"]')) first.after(element);
    else document.body.prepend(element);
    const added = element;
    stops.add(() => added.remove());
  }
  const shown = element;
  // A theme's bar without the dismiss button stays as it is.
  const close = shown.querySelector<HTMLButtonElement>(':scope > button');
  if (!close) return;
  close.disabled = false;
  stops.add(
    listen(close, 'click', () => {
      session.set(ANNOUNCEMENT_DISMISSED_KEY, 'true');
      shown.remove();
    }),
  );
  // A bar the page rendered stays, as it came: its button waits for a runtime again.
  stops.add(() => (close.disabled = true));
}

/** Mobile info bar, licensed-assets bar, badge and announcement bar (spec part 1 §4). */
export async function startBars(page: Readonly<PageContext>): Promise<Teardown> {
  await loadStylesheet(assetUrl(OVERLAYS_STYLESHEET));
  // A theme that swaps <body> (Hotwire Turbo, Astro's view transitions) or its contents (htmx's
  // hx-boost) without a reload takes the bars along: they are shown again, as on a page load (the
  // new announcement bar, the server's, taken over). What tells a swap: another body, the
  // element that began the body gone, or the foot or the announcement bar gone (a header that
  // htmx keeps, hx-preserve, is moved into the new contents). Only <html>'s and <body>'s
  // children are watched.
  let stop: Teardown;
  let body: HTMLElement;
  let first: Element | null;
  let foot: Element | null;
  let announced: Element | null;
  const show = () => {
    // What a theme kept of a page as it was left (Turbo's cache, htmx's history) and puts back on Back holds a copy of the old foot.
    for (const copy of document.querySelectorAll(`.${BOTTOM_STACK_CLASS}, .${LICENSED_CLASS}`)) copy.remove();
    body = document.body;
    first = body.firstElementChild;
    stop = showBars(page);
    foot = document.querySelector(`.${BOTTOM_STACK_CLASS}`);
    announced = document.querySelector(`.${ANNOUNCEMENT_CLASS}`);
    swaps.observe(body, { childList: true });
  };
  // The announcement bar the visitor dismissed is gone too, and that is no swap.
  const gone = (element: Element | null) => element?.isConnected === false;
  const swaps = new MutationObserver(
    () =>
      (body === document.body && !gone(first) && !gone(foot) && !(gone(announced) && safeStorage('session').get(ANNOUNCEMENT_DISMISSED_KEY) !== 'true')) ||
      (stop(), show()),
  );
  swaps.observe(document.documentElement, { childList: true });
  show();
  return () => {
    swaps.disconnect();
    stop();
  };
}

function showBars(page: Readonly<PageContext>): Teardown {
  const stops = teardowns();
  if (announcementShows(page)) announcement(page, stops);
  const add = (className: string, label: string, text: string, parent?: HTMLElement) => {
    const element = bar(className, label, parent);
    element.textContent = text;
    stops.add(() => element.remove());
  };
  // In the page's flow, at its end (before the bottom stack's spacer, so never under the stack).
  const words = barWords();
  if (licensedBarShows(document)) add(LICENSED_CLASS, words.licensedLabel, words.licensed);
  const badge = badgeType(page);
  if (badge) add(`site-badge site-badge-${badge}`, words.badgeLabel, words.badge, bottomStack(stops));
  if (mobileBarShows(page.websiteSettings, isMobile(), window.innerWidth)) {
    const settings = page.websiteSettings.mobileInfoBarSettings as { text?: string };
    const theme = mobileBarStyle(page.websiteSettings) === MOBILE_BAR_STYLE.DARK ? 'dark' : 'light';
    add(`site-mobile-info-bar site-bar-${theme}`, words.contact, settings.text ?? '', bottomStack(stops));
  }
  return stops.stop;
}
