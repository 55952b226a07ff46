import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerSettings } from '../../../contract/consent/settings';
import { startConsent } from '../../src/consent/service';
import { consentState, setConsent, trackingAllowed } from '../../src/core/consent';
import { defaultContext } from '../../src/context/read';

const DEFAULT_TEXT =
  'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.';

describe('banner settings defaults (spec part 1 §5)', () => {
  it('fills every default', () => {
    expect(bannerSettings({})).toEqual({
      text: DEFAULT_TEXT,
      ctaText: 'Accept',
      ctaVariant: 'ICON',
      optOutCtaText: 'Decline',
      variant: 'BAR',
      theme: 'DARK',
      position: 'BOTTOM',
      acceptType: 'OPT_IN',
    });
  });

  it('replaces empty text and unknown values', () => {
    const s = bannerSettings({ cookieBannerText: '  ', cookieBannerVariant: 'SIDEBAR', cookieBannerTheme: 'PINK', cookieBannerCtaVariant: 'LINK', cookieBannerAcceptType: 'MAYBE', cookieBannerPosition: 'LEFT' });
    expect(s).toMatchObject({ text: DEFAULT_TEXT, variant: 'BAR', theme: 'DARK', ctaVariant: 'ICON', acceptType: 'OPT_IN', position: 'BOTTOM' });
  });

  it('keeps valid values; positions depend on the variant', () => {
    expect(bannerSettings({ cookieBannerVariant: 'BAR', cookieBannerPosition: 'TOP' }).position).toBe('TOP');
    expect(bannerSettings({ cookieBannerVariant: 'BAR', cookieBannerPosition: 'TOP_LEFT' }).position).toBe('BOTTOM');
    expect(bannerSettings({ cookieBannerVariant: 'POPUP' }).position).toBe('BOTTOM_LEFT');
    expect(bannerSettings({ cookieBannerVariant: 'POPUP', cookieBannerPosition: 'TOP' }).position).toBe('BOTTOM_LEFT');
    expect(bannerSettings({ cookieBannerVariant: 'POPUP', cookieBannerPosition: 'TOP_RIGHT' }).position).toBe('TOP_RIGHT');
    expect(bannerSettings({ cookieBannerTheme: 'LIGHT', cookieBannerCtaVariant: 'TEXT', cookieBannerAcceptType: 'OPT_IN_AND_OUT', cookieBannerCtaText: 'OK', cookieBannerOptOutCtaText: 'No' })).toMatchObject({
      theme: 'LIGHT',
      ctaVariant: 'TEXT',
      acceptType: 'OPT_IN_AND_OUT',
      ctaText: 'OK',
      optOutCtaText: 'No',
    });
  });
});

describe('consent state', () => {

  it('is null until asked, then what the visitor chose, with the event', () => {
    expect(consentState()).toBeNull();
    const seen = vi.fn();
    document.addEventListener('site:consent', seen);
    setConsent(false);
    expect(consentState()).toBe(false);
    setConsent(true);
    document.removeEventListener('site:consent', seen);
    expect(consentState()).toBe(true);
    expect(seen.mock.calls.map(([event]) => (event as CustomEvent).detail)).toEqual([{ state: false }, { state: true }]);
  });

  it('reads Global Privacy Control as declined until an explicit choice', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, get: () => true });
    try {
      expect(consentState()).toBe(false);
      expect(document.cookie).not.toContain('ss_cookieAllowed');
      setConsent(true);
      expect(consentState()).toBe(true);
    } finally {
      delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    }
  });

  it('allows tracking unless restrictive without consent, or visitor data restricted', () => {
    const restrictive = { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true };
    expect(trackingAllowed({})).toBe(true);
    expect(trackingAllowed(restrictive)).toBe(false);
    expect(trackingAllowed({ isRestrictiveCookiePolicyEnabled: true })).toBe(true); // no banner to ask
    expect(trackingAllowed({ isRestrictiveCookiePolicyEnabled: true, isRestrictiveCookiePolicyAbsolute: true })).toBe(false);
    setConsent(true);
    expect(trackingAllowed(restrictive)).toBe(true);
    expect(trackingAllowed({ isVisitorDataRestricted: true })).toBe(false);
  });

  it('clears the tracking cookies present, and writes none that are not (each write is a round trip)', () => {
    const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const written: string[] = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => native.get!.call(document),
      set: (value: string) => {
        written.push(value.split('=')[0]!);
        native.set!.call(document, value);
      },
    });
    const page = { ...defaultContext(), cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isRestrictiveCookiePolicyAbsolute: true } };
    try {
      startConsent(page, true)();
      expect(written).toEqual([]);
      native.set!.call(document, 'ss_cvr=x|1|2|3|1; path=/');
      native.set!.call(document, 'SS_MID=abc; path=/');
      startConsent(page, true)();
      expect(written.sort()).toEqual(['SS_MID', 'ss_cvr']);
      expect(document.cookie).not.toMatch(/ss_cvr|SS_MID/);
    } finally {
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('clears them when the visitor declines after accepting (SiteRuntime.consent.decline()), and no more once stopped', () => {
    const page = { ...defaultContext(), cookieSettings: { isRestrictiveCookiePolicyEnabled: true, isCookieBannerEnabled: true } };
    const tracking = () => ['ss_cvr=x|1|2|3|1', 'SS_MID=abc'].forEach((cookie) => (document.cookie = `${cookie}; path=/`));
    setConsent(true);
    const stop = startConsent(page, true);
    tracking();
    setConsent(true);
    expect(document.cookie).toMatch(/ss_cvr=.*SS_MID=|SS_MID=.*ss_cvr=/);
    setConsent(false);
    expect(document.cookie).not.toMatch(/ss_cvr|SS_MID/);
    stop();
    setConsent(true);
    tracking();
    setConsent(false);
    expect(document.cookie).toMatch(/ss_cvr/);
    document.cookie = 'ss_cvr=; path=/; max-age=0';
    document.cookie = 'SS_MID=; path=/; max-age=0';
  });
});

describe('cookie banner (plain DOM, no preact)', () => {
  it('is a labelled region with the owner text, announced politely, and stores the choice', async () => {
    vi.useFakeTimers();
    const { createBanner, BANNER_LABEL } = await import('../../src/consent/banner');
    let chosen = 0;
    const banner = createBanner({ cookieBannerText: '<p>We use <b>cookies</b>.</p>', cookieBannerAcceptType: 'OPT_IN_AND_OUT', cookieBannerCtaVariant: 'ICON', cookieBannerCtaText: 'Allow all' }, false, () => chosen++);
    document.body.append(banner);
    expect(banner.tagName).toBe('SECTION');
    expect(banner.getAttribute('aria-label')).toBe(BANNER_LABEL);
    expect(banner.className).toBe('site-cookie-banner site-cookie-banner-bar site-cookie-banner-bottom site-cookie-banner-dark');
    expect(banner.querySelector('.site-cookie-banner-text b')!.textContent).toBe('cookies');
    const live = banner.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('');
    vi.runAllTimers();
    expect(live.textContent).toBe('Cookie banner: We use cookies.');
    const accept = banner.querySelector<HTMLButtonElement>('.site-cookie-banner-accept')!;
    expect(accept.getAttribute('aria-label')).toBe('Allow all');
    expect(accept.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    banner.querySelector<HTMLButtonElement>('.site-cookie-banner-decline')!.click();
    expect(consentState()).toBe(false);
    expect(chosen).toBe(1); // closed on the first choice
    accept.click();
    expect(consentState()).toBe(true);
    expect(chosen).toBe(1);
    banner.remove();
  });

  it('closes when the visitor chooses elsewhere (an embed placeholder, SiteRuntime.consent), not in a preview', async () => {
    const { createBanner } = await import('../../src/consent/banner');
    const closed: string[] = [];
    document.body.append(createBanner({}, false, () => closed.push('banner')), createBanner({}, true, () => closed.push('preview')));
    setConsent(true);
    expect(closed).toEqual(['banner']);
    setConsent(false);
    expect(closed).toEqual(['banner']);
    document.querySelectorAll('section').forEach((section) => section.remove());
  });

  it('has no decline button for opt-in only, shows text buttons, and stores nothing in a preview', async () => {
    const { createBanner } = await import('../../src/consent/banner');
    const banner = createBanner({ cookieBannerCtaVariant: 'BUTTON', cookieBannerVariant: 'POPUP', cookieBannerPosition: 'TOP_RIGHT', cookieBannerTheme: 'LIGHT' }, true, () => undefined);
    expect(banner.className).toBe('site-cookie-banner site-cookie-banner-popup site-cookie-banner-top-right site-cookie-banner-light');
    expect(banner.querySelector('.site-cookie-banner-decline')).toBeNull();
    const accept = banner.querySelector<HTMLButtonElement>('.site-cookie-banner-accept')!;
    expect(accept.textContent).toBe('Accept');
    expect(accept.hasAttribute('aria-label')).toBe(false);
    accept.click();
    expect(consentState()).toBeNull();
  });
});

describe('cookie banner the server rendered', () => {
  const SERVED = { isCookieBannerEnabled: true, cookieBannerText: '<p>We count visits.</p>', cookieBannerAcceptType: 'OPT_IN_AND_OUT', cookieBannerCtaVariant: 'BUTTON', cookieBannerCtaText: 'Accept cookies' };
  const clearConsent = () => (document.cookie = 'ss_cookieAllowed=; max-age=0; path=/');
  // jsdom reports no paints (and has no PerformanceObserver).
  beforeEach(() => vi.stubGlobal('PerformanceObserver', class { static supportedEntryTypes = []; }));
  afterEach(() => vi.unstubAllGlobals());

  it('is adopted, not added again: its buttons are enabled and store the choice, and it is announced', async () => {
    vi.useFakeTimers();
    clearConsent();
    const { cookieBannerHtml } = await import('../../../contract/consent/banner-markup');
    const { renderBanner } = await import('../../src/consent/banner');
    document.body.innerHTML = `<main>Page</main>${cookieBannerHtml(SERVED)}`;
    const served = document.querySelector('section.site-cookie-banner')!;
    expect([...served.querySelectorAll('button')].map((button) => button.disabled)).toEqual([true, true]);
    const rendered = renderBanner(SERVED, false);
    await rendered;
    expect(document.head.querySelector('link')).toBeNull(); // it came with its styles: no consent.css to wait for
    vi.runAllTimers();
    expect(document.querySelectorAll('section.site-cookie-banner')).toHaveLength(1);
    expect(document.querySelector('section.site-cookie-banner')).toBe(served);
    expect([...served.querySelectorAll('button')].map((button) => button.disabled)).toEqual([false, false]);
    expect(served.querySelector('[aria-live]')!.textContent).toBe('Cookie banner: We count visits.');
    served.querySelector<HTMLButtonElement>('.site-cookie-banner-accept')!.click();
    expect(consentState()).toBe(true);
    expect(document.querySelector('section.site-cookie-banner')).toBeNull();
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('as a form that posts without the runtime: adopted, its clicks store the choice and post nothing', async () => {
    clearConsent();
    const { servedBannerHtml } = await import('../../../contract/consent/banner-markup');
    const { BANNER_WORDS } = await import('../../../contract/consent/settings');
    const { renderBanner } = await import('../../src/consent/banner');
    document.body.innerHTML = `<main>Page</main>${servedBannerHtml(SERVED, BANNER_WORDS, { crumb: 'c', next: '/faq' })}`;
    const form = document.querySelector('form.site-cookie-banner-actions')!;
    // Whether the click, once the runtime's handler had it, would still submit the form.
    let submits: boolean | undefined;
    form.addEventListener('click', (event) => (submits = !event.defaultPrevented));
    await renderBanner(SERVED, false);
    expect(document.querySelectorAll('section.site-cookie-banner')).toHaveLength(1);
    form.querySelector<HTMLButtonElement>('.site-cookie-banner-decline')!.click();
    expect(consentState()).toBe(false);
    expect(submits).toBe(false);
    expect(document.querySelector('section.site-cookie-banner')).toBeNull();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('moves into the top layer only once the first contentful paint is reported (moved before, Chromium reports its LCP again later)', async () => {
    clearConsent();
    const { cookieBannerHtml } = await import('../../../contract/consent/banner-markup');
    const { renderBanner } = await import('../../src/consent/banner');
    const showPopover = vi.fn(function (this: HTMLElement) {
      expect(this.popover).toBe('manual');
    });
    Object.defineProperty(HTMLElement.prototype, 'showPopover', { configurable: true, value: showPopover });
    let reported: PerformanceEntry[] = [];
    const observers: { callback: () => void; options: unknown[]; connected: boolean }[] = [];
    class FakeObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      record: (typeof observers)[number];
      constructor(callback: (list: { getEntriesByName(name: string): PerformanceEntry[] }) => void) {
        this.record = { callback: () => callback({ getEntriesByName: (name) => reported.filter((entry) => entry.name === name) }), options: [], connected: false };
        observers.push(this.record);
      }
      observe(options: unknown) {
        this.record.options.push(options);
        this.record.connected = true;
      }
      disconnect() {
        this.record.connected = false;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    try {
      const paint = (name: string) => {
        reported = [...reported, { name, entryType: 'paint', startTime: 100, duration: 0 } as PerformanceEntry];
        for (const observer of observers.filter((o) => o.connected)) observer.callback();
      };
      document.body.innerHTML = `<main>Page</main>${cookieBannerHtml(SERVED)}`;
      const banner = document.querySelector<HTMLElement>('section.site-cookie-banner')!;
      await renderBanner(SERVED, false);
      expect(banner.hasAttribute('popover') || banner.popover === 'manual').toBe(false); // painted as served, at its z-index
      expect(showPopover).not.toHaveBeenCalled();
      expect(observers.map((o) => o.options)).toEqual([[{ type: 'paint', buffered: true }]]);
      paint('first-paint'); // a background, not yet the banner's text
      expect(showPopover).not.toHaveBeenCalled();
      paint('first-contentful-paint');
      expect(showPopover).toHaveBeenCalledTimes(1);
      expect(observers[0]!.connected).toBe(false);
      await renderBanner(null, false);

      // Gone before the paint is reported: nothing waits for it.
      reported = [];
      document.body.innerHTML = `<main>Page</main>${cookieBannerHtml(SERVED)}`;
      await renderBanner(SERVED, false);
      await renderBanner(null, false);
      expect(observers.filter((o) => o.connected)).toEqual([]);
      paint('first-contentful-paint');
      expect(showPopover).toHaveBeenCalledTimes(1);
    } finally {
      await renderBanner(null, false);
      delete (HTMLElement.prototype as { showPopover?: unknown }).showPopover;
      document.body.innerHTML = '';
    }
  });

  it('at the top of the screen, moves to its foot when focus lands on what it covers, and only then (WCAG 2.4.11)', async () => {
    clearConsent();
    const { cookieBannerHtml } = await import('../../../contract/consent/banner-markup');
    const { renderBanner } = await import('../../src/consent/banner');
    document.body.innerHTML = `<a href="#content" id="skip">Skip</a><a href="/faq" id="aside">FAQ</a><main id="content">Page</main>${cookieBannerHtml({ ...SERVED, cookieBannerVariant: 'POPUP', cookieBannerPosition: 'TOP_RIGHT' })}`;
    const banner = document.querySelector<HTMLElement>('section.site-cookie-banner')!;
    const place = (element: Element, left: number, top: number, width: number, height: number) =>
      (element.getBoundingClientRect = () => DOMRect.fromRect({ x: left, y: top, width, height }));
    place(banner, 210, 20, 160, 150);
    place(document.getElementById('skip')!, 8, 8, 120, 40); // beside the popup, in sight
    place(document.getElementById('aside')!, 300, 60, 60, 30); // under it
    await renderBanner(SERVED, false);
    document.getElementById('skip')!.focus();
    banner.querySelector<HTMLButtonElement>('.site-cookie-banner-accept')!.focus(); // its own buttons are not covered
    expect(banner.className).toContain('site-cookie-banner-top-right');
    expect(document.querySelector('.site-screen-foot-room')).toBeNull();
    document.getElementById('aside')!.focus();
    expect(banner.className).toBe('site-cookie-banner site-cookie-banner-popup site-cookie-banner-bottom-right site-cookie-banner-dark');
    expect(document.querySelector('.site-screen-foot-room')).not.toBeNull(); // the page makes room for it at the foot
    await renderBanner(null, false);
    expect(document.querySelector('.site-screen-foot-room')).toBeNull();
    document.body.innerHTML = '';
  });

  it('is removed by the consent service where the runtime would not ask (Global Privacy Control without its header)', () => {
    clearConsent();
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, get: () => true });
    try {
      document.body.innerHTML = `<main>Page</main><section class="site-cookie-banner">served</section>`;
      const stop = startConsent({ ...defaultContext(), cookieSettings: { isCookieBannerEnabled: true } }, false);
      expect(document.querySelector('.site-cookie-banner')).toBeNull();
      expect(document.querySelector('main')).not.toBeNull();
      stop();
    } finally {
      delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
    }
  });
});
