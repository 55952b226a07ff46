import { assetUrl, loadStylesheet } from '../platform/assets';
import { ACCEPT_CLASS, BANNER_CLASS, BANNER_LABEL, cookieBannerHtml, DECLINE_CLASS } from '../../../contract/consent/banner-markup';
import { BANNER_WORDS } from '../../../contract/consent/settings';
import { listen, type Teardown } from '../platform/events';
import { coverScreenFoot, showOnTop } from '../platform/screen-foot';
import { texts } from '../platform/strings';
import { CONSENT_EVENT, setConsent } from '../core/consent';
import { trustedHtml } from '../platform/trusted-types';

export { BANNER_LABEL };
const STYLESHEET = 'consent.css';
/** The banner's default words (platform/strings.ts); the owner's settings win over them. */
export const bannerWords = texts('banner', BANNER_WORDS);

/**
 * Makes a banner in the page work: its buttons store the choice (in a forced preview they only
 * close it) and are enabled, and its polite live region announces it. The banner is one the
 * server rendered, or one `createBanner` made; plain DOM, so a page whose only UI is the banner
 * never loads preact.
 */
/** The banner's wait for a choice made elsewhere. */
let stopWaiting = () => undefined as void;

export function adoptBanner(section: HTMLElement, preview: boolean, onChoice: () => void): HTMLElement {
  for (const button of section.querySelectorAll<HTMLButtonElement>(`.${ACCEPT_CLASS},.${DECLINE_CLASS}`)) {
    button.disabled = false;
    button.addEventListener('click', (event) => {
      // A served banner's buttons also post a form, for a page whose runtime never arrived.
      event.preventDefault();
      preview ? onChoice() : setConsent(button.classList.contains(ACCEPT_CLASS));
    });
  }
  // A choice made anywhere (here, an embed's placeholder, SiteRuntime.consent) closes the banner.
  if (!preview) {
    stopWaiting();
    const stop = listen(document, CONSENT_EVENT, () => {
      stopWaiting();
      onChoice();
    });
    stopWaiting = () => {
      stop();
      stopWaiting = () => undefined;
    };
  }
  announce(section);
  return section;
}

/** Fills the banner's live region once it is in the page and shown, so that screen readers announce it. */
function announce(section: HTMLElement): void {
  const live = section.querySelector('[aria-live]');
  if (!live) return;
  live.textContent = '';
  setTimeout(() => (live.textContent = `${bannerWords().label}: ${section.querySelector(`.${BANNER_CLASS}-text`)?.textContent ?? ''}`));
}

/** A working banner for these settings, to be put in the page. */
export function createBanner(settings: Record<string, unknown>, preview: boolean, onChoice: () => void): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = trustedHtml(cookieBannerHtml(settings, bannerWords()));
  return adoptBanner(template.content.firstElementChild as HTMLElement, preview, onChoice);
}

export const UPDATE_EVENT = 'cookieBanner:update';
export const UNFORCE_EVENT = 'cookieBanner:unforce';

let shown: HTMLElement | null = null;

/** In the top layer, once no modal dialog is open (platform/screen-foot.ts); announced if it waited. */
function onTop(banner: HTMLElement): HTMLElement {
  uncover();
  const stop = showOnTop(banner, (waited) => waited && announce(banner));
  // Measured shown: a room sized later, by its observer, would move what follows it.
  const cover = banner.matches(`[class*="${TOP}"]`) ? stepAsideFromFocus(banner) : coverScreenFoot(banner);
  // A theme that swaps <body> (Turbo, Astro's view transitions) or its contents (htmx's hx-boost)
  // without a reload takes the banner with it: it is put back, in place of one the server rendered
  // there (whose buttons post a form). Only the two elements' children are watched.
  const swaps = new MutationObserver(() => {
    if (banner.isConnected) return;
    uncover();
    document.querySelector(`section.${BANNER_CLASS}`)?.remove();
    document.body.append(banner);
    onTop(banner);
  });
  swaps.observe(document.documentElement, { childList: true });
  swaps.observe(document.body, { childList: true });
  uncover = () => {
    stop();
    cover();
    swaps.disconnect();
  };
  return banner;
}
/**
 * `onTop` once the first contentful paint is reported (at once where the browser reports no
 * paints): moved into the top layer while its paint's timing is pending, Chromium records a
 * painted banner's text as painted again a frame or two later, and the banner is often a
 * phone's largest text, the page's LCP.
 */
function onTopAfterFirstPaint(banner: HTMLElement): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return void onTop(banner);
  const observer = new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint')[0] && (observer.disconnect(), onTop(banner)));
  observer.observe({ type: 'paint', buffered: true });
  uncover = () => observer.disconnect();
}

/** Keyboard focus kept clear of the banner shown (platform/screen-foot.ts), and its wait for a modal dialog to close, until it goes. */
let uncover: Teardown = () => undefined;
const TOP = `${BANNER_CLASS}-top`;

/**
 * A banner at the screen's top covers the page's top, which no scrolling reveals: the header's
 * links at scroll 0, a theme's skip link. When focus lands on something it covers (WCAG 2.4.11),
 * it moves to the screen's foot for the rest of the page view, where the page makes room for it.
 * Room at the top instead would shift the whole page, and not move a skip link placed absolutely.
 */
function stepAsideFromFocus(banner: HTMLElement): Teardown {
  let cover: Teardown = () => undefined;
  const stop = listen(document, 'focusin', (event) => {
    const focused = (event.target as Element).getBoundingClientRect();
    const own = banner.getBoundingClientRect();
    const covered = focused.left < own.right && own.left < focused.right && focused.top < own.bottom && own.top < focused.bottom;
    if (!covered || banner.contains(event.target as Node)) return;
    stop();
    banner.className = banner.className.replace(TOP, `${BANNER_CLASS}-bottom`);
    cover = coverScreenFoot(banner);
  });
  return () => {
    stop();
    cover();
  };
}

/** Shows the banner with these settings, shows it again changed, or removes it (null). */
export async function renderBanner(settings: Record<string, unknown> | null, preview: boolean): Promise<void> {
  if (!settings) {
    shown?.remove();
    shown = null;
    uncover();
    return;
  }
  const close = () => void renderBanner(null, false);
  // The banner the server rendered into the page, with its styles: taken over on its first showing.
  const served = !shown && !preview && document.querySelector<HTMLElement>(`section.${BANNER_CLASS}`);
  if (served) {
    shown = adoptBanner(served, false, close);
    return onTopAfterFirstPaint(served);
  }
  await loadStylesheet(assetUrl(STYLESHEET));
  // What it replaces: the banner shown, or a served one that a preview comes before.
  const current = shown ?? document.querySelector<HTMLElement>(`section.${BANNER_CLASS}`);
  const next = createBanner(settings, preview, close);
  // A preview update keeps keyboard focus on the same button.
  const active = current?.contains(document.activeElement) ? document.activeElement : null;
  if (current) current.replaceWith(next);
  else document.body.appendChild(next);
  shown = onTop(next);
  if (active) next.querySelector<HTMLElement>(active.classList.contains(DECLINE_CLASS) ? `.${DECLINE_CLASS}` : `.${ACCEPT_CLASS}`)?.focus();
}

let forced: Record<string, unknown> | null = null;
let stopPreview: (() => void) | null = null;

/**
 * cookieBanner:force previews the banner with `detail` over the site's settings, ignoring the
 * consent cookie; cookieBanner:update changes the preview; cookieBanner:unforce ends it and
 * leaves the banner as the visitor's consent says (`asks`).
 */
export function startPreview(settings: Record<string, unknown>, detail: unknown, asks: () => boolean): Promise<void> {
  const extra = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
  forced = { ...settings, ...forced, ...extra(detail) };
  if (!stopPreview) {
    const onUpdate = (event: Event) => {
      if (!forced) return;
      forced = { ...forced, ...extra((event as CustomEvent).detail) };
      void renderBanner(forced, true);
    };
    const onUnforce = () => {
      forced = null;
      stopPreview?.();
      stopPreview = null;
      void renderBanner(asks() ? settings : null, false);
    };
    document.addEventListener(UPDATE_EVENT, onUpdate);
    document.addEventListener(UNFORCE_EVENT, onUnforce);
    stopPreview = () => {
      document.removeEventListener(UPDATE_EVENT, onUpdate);
      document.removeEventListener(UNFORCE_EVENT, onUnforce);
    };
  }
  return renderBanner(forced, true);
}

/** The runtime destroyed: no banner, no preview, nothing listening. */
export function stopBanner(): void {
  stopWaiting();
  stopPreview?.();
  stopPreview = null;
  forced = null;
  shown?.remove();
  shown = null;
  uncover();
}
