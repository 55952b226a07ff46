import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { assetUrl, loadStylesheet } from '../platform/assets';
import { bannerSettings } from './settings';
import { setConsent } from './state';

export const BANNER_LABEL = 'Cookie banner';
const STYLESHEET = 'consent.css';

interface BannerProps {
  settings: Record<string, unknown>;
  preview: boolean;
  onChoice(): void;
}

/**
 * The cookie banner: a labelled region (not a dialog: it never traps focus), announced once by
 * a polite live region. In a forced preview the buttons only close it and store nothing.
 */
export function Banner({ settings, preview, onChoice }: BannerProps) {
  const s = bannerSettings(settings);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    const text = document.createElement('div');
    text.innerHTML = s.text;
    setAnnouncement(`${BANNER_LABEL}: ${text.textContent ?? ''}`);
  }, []);
  const choose = (accepted: boolean) => {
    if (!preview) setConsent(accepted);
    onChoice();
  };
  const place = s.position.toLowerCase().replace('_', '-');
  return (
    <section className={`site-cookie-banner site-cookie-banner-${s.variant.toLowerCase()} site-cookie-banner-${place} site-cookie-banner-${s.theme.toLowerCase()}`} aria-label={BANNER_LABEL}>
      <p className="site-visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <div className="site-cookie-banner-text" dangerouslySetInnerHTML={{ __html: s.text }} />
      <div className="site-cookie-banner-actions">
        {s.acceptType === 'OPT_IN_AND_OUT' ? (
          <button type="button" className="site-cookie-banner-decline" onClick={() => choose(false)}>
            {s.optOutCtaText}
          </button>
        ) : null}
        <button
          type="button"
          className={`site-cookie-banner-accept site-cookie-cta-${s.ctaVariant.toLowerCase()}`}
          aria-label={s.ctaVariant === 'ICON' ? s.ctaText : undefined}
          onClick={() => choose(true)}
        >
          {s.ctaVariant === 'ICON' ? (
            <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
              <path d="M4 10.5l4 4 8-9" fill="none" stroke="currentColor" stroke-width="2.5" />
            </svg>
          ) : (
            s.ctaText
          )}
        </button>
      </div>
    </section>
  );
}

export const UPDATE_EVENT = 'cookieBanner:update';
export const UNFORCE_EVENT = 'cookieBanner:unforce';

let root: Root | null = null;
let host: HTMLElement | null = null;

/** Shows the banner with these settings, re-renders it, or removes it (null). */
export async function renderBanner(settings: Record<string, unknown> | null, preview: boolean): Promise<void> {
  if (!settings) {
    root?.unmount();
    host?.remove();
    root = host = null;
    return;
  }
  await loadStylesheet(assetUrl(STYLESHEET));
  if (!host) {
    host = document.createElement('div');
    document.body.appendChild(host);
    root = createRoot(host);
  }
  root!.render(<Banner settings={settings} preview={preview} onChoice={() => void renderBanner(null, false)} />);
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
