import { assetUrl, loadStylesheet } from '../platform/assets';
import { bannerSettings } from './settings';
import { setConsent } from './state';

export const BANNER_LABEL = 'Cookie banner';
const STYLESHEET = 'consent.css';
const ACCEPT = 'site-cookie-banner-accept';
const DECLINE = 'site-cookie-banner-decline';
const CHECK_ICON =
  '<svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20"><path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.5"/></svg>';

function button(className: string, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.addEventListener('click', onClick);
  return element;
}

/**
 * The cookie banner: a labelled region (not a dialog: it never traps focus), announced once by
 * a polite live region. In a forced preview the buttons only close it and store nothing. Plain
 * DOM: a page whose only UI is the banner never loads preact.
 */
export function createBanner(settings: Record<string, unknown>, preview: boolean, onChoice: () => void): HTMLElement {
  const s = bannerSettings(settings);
  const choose = (accepted: boolean) => {
    if (!preview) setConsent(accepted);
    onChoice();
  };
  const section = document.createElement('section');
  section.className = `site-cookie-banner site-cookie-banner-${s.variant.toLowerCase()} site-cookie-banner-${s.position.toLowerCase().replace('_', '-')} site-cookie-banner-${s.theme.toLowerCase()}`;
  section.setAttribute('aria-label', BANNER_LABEL);
  const live = document.createElement('p');
  live.className = 'site-visually-hidden';
  live.setAttribute('aria-live', 'polite');
  const text = document.createElement('div');
  text.className = 'site-cookie-banner-text';
  text.innerHTML = s.text; // owner-authored HTML (ARCHITECTURE: trusted content)
  const actions = document.createElement('div');
  actions.className = 'site-cookie-banner-actions';
  if (s.acceptType === 'OPT_IN_AND_OUT') {
    const decline = button(DECLINE, () => choose(false));
    decline.textContent = s.optOutCtaText;
    actions.append(decline);
  }
  const accept = button(`${ACCEPT} site-cookie-cta-${s.ctaVariant.toLowerCase()}`, () => choose(true));
  if (s.ctaVariant === 'ICON') {
    accept.setAttribute('aria-label', s.ctaText);
    accept.innerHTML = CHECK_ICON;
  } else accept.textContent = s.ctaText;
  actions.append(accept);
  section.append(live, text, actions);
  // Filled after the region is in the page, so that screen readers announce it.
  setTimeout(() => (live.textContent = `${BANNER_LABEL}: ${text.textContent ?? ''}`));
  return section;
}

export const UPDATE_EVENT = 'cookieBanner:update';
export const UNFORCE_EVENT = 'cookieBanner:unforce';

let shown: HTMLElement | null = null;

/** Shows the banner with these settings, shows it again changed, or removes it (null). */
export async function renderBanner(settings: Record<string, unknown> | null, preview: boolean): Promise<void> {
  if (!settings) {
    shown?.remove();
    shown = null;
    return;
  }
  await loadStylesheet(assetUrl(STYLESHEET));
  const next = createBanner(settings, preview, () => void renderBanner(null, false));
  // A preview update keeps keyboard focus on the same button.
  const active = shown?.contains(document.activeElement) ? document.activeElement : null;
  if (shown) shown.replaceWith(next);
  else document.body.appendChild(next);
  shown = next;
  if (active) next.querySelector<HTMLElement>(active.classList.contains(DECLINE) ? `.${DECLINE}` : `.${ACCEPT}`)?.focus();
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
