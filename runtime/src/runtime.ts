import type { Environment, PageContext } from '../../contract/context/types';
import { environmentFromHost } from '../../contract/context/environment';
import { pageContexts, type PageContexts } from './context/page-contexts';
import { readContext } from './context/read';
import { BlockHost } from './core/block-host';
import { loadChunk, loadChunkOnline, withChunk } from './core/chunk';
import type { BlockInstance } from './core/types';
import type { RequestOptions } from './net/request';
import { startConsent } from './consent/service';
import { CONSENT_COOKIE, consentState, setConsent, type ConsentState } from './core/consent';
import { startOverlays } from './overlays/index';
import { needsEnhancements } from './enhance/needs';
import { captureErrors } from './errors/capture';
import { reportError } from './platform/report';
import { usePageWords } from './platform/strings';
import { turn } from './platform/yield';
import { stopShared, teardowns } from './platform/lifetime';
import { watchRestores } from './platform/restore';
import { analyticsQueue, type PageMoment } from './tracking/pending';
import { startPages } from './pages/start';
import type { DialogOptions, DialogResult } from './ui/dialog';
import { lazyPureApi, type MoneyApi, type UrlApi } from './pure-api-lazy';

declare const __TESSERA_VERSION__: string;
export const VERSION: string = typeof __TESSERA_VERSION__ === 'string' ? __TESSERA_VERSION__ : '0.0.0-dev';

export interface SiteRuntimeApi {
  readonly version: string;
  readonly ready: Promise<void>;
  readonly context: Readonly<PageContext>;
  /** dev, qa, staging or prod, from the page's host name (spec part 1 §9). */
  readonly environment: Environment;
  init(root?: Element): Promise<void>;
  /**
   * Destroys the blocks under `root`. Without a root, every block and every page service (the
   * banner, overlays, bars, tracking, performance, error reporting, owner tools): their
   * listeners, timers and observers go, their UI is removed, what is queued is sent.
   */
  destroy(root?: Element): void;
  block(element: Element): BlockInstance | undefined;
  readonly dialog: {
    confirm(options: DialogOptions): Promise<DialogResult>;
    alert(options: DialogOptions): Promise<DialogResult>;
    information(options: DialogOptions): Promise<DialogResult>;
  };
  /** Cookie consent: true (accepted), false (declined) or null (not asked). */
  readonly consent: {
    state(): ConsentState;
    accept(): void;
    decline(): void;
  };
  /** V1 analytics events (spec part 1 §3), sent when the tracking rules allow. */
  readonly analytics: {
    track(event: Record<string, unknown>): Promise<boolean>;
    /** A legacy V0 event to POST /api/events/RecordEvent. */
    trackLegacy(event: string, data?: Record<string, unknown>): Promise<boolean>;
  };
  /** Part 1 §3: `format(12.5, 'USD')` → `$12.50`; the currency defaults to the store's. Ready with `ready`. */
  readonly money: MoneyApi;
  /** Part 1 §5: the page's own host counts as internal. Ready with `ready`. */
  readonly url: UrlApi;
  /** The data layer: crumb, retries and the error catalogue for the site's own API. */
  readonly api: {
    request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  };
}

const dialogChunk = () => loadChunk(() => import('./ui/dialog'), 'dialog');
const netChunk = () => loadChunk(() => import('./net/theme-request'), 'net');

function whenDocumentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }));
}

/** Boot order: context → page services → blocks (ARCHITECTURE). */
export function createRuntime(): SiteRuntimeApi {
  // First, so that problems while reading the context are caught too; they are sent only for
  // a site (a website id), by the reporter in the collectors chunk (CONTRACT §2).
  const services = teardowns();
  services.add(captureErrors());
  // The Back button's instant page (the back/forward cache): afresh when consent changed meanwhile.
  services.add(watchRestores(CONSENT_COOKIE));
  // Nothing else runs while site.js is evaluated: a module or deferred script runs in the task
  // that finishes parsing the page, and the browser lays the page out in that task too, so
  // reading the context there (7 to 25 ms at 4x with each function's first compile) made a
  // long task of the page's own 45 to 50 ms. The context and the block host are made on first
  // use: by theme code that asks for them at once, else in the boot's first turn.
  let context: Readonly<PageContext> | undefined;
  const page = (): Readonly<PageContext> => {
    if (!context) usePageWords((context = readContext()).strings);
    return context;
  };
  // The context of the page now, on a theme that swaps pages in: what SiteRuntime.context, the
  // blocks, analytics events and page views name (the page services keep the load's).
  let contexts: PageContexts | undefined;
  const pages = () => (contexts ??= pageContexts(page()));
  let blockHost: BlockHost | undefined;
  const host = () => (blockHost ??= new BlockHost(pages()));
  const dialog = {
    confirm: (options: DialogOptions) => dialogChunk().then((m) => m.confirm(options)),
    alert: (options: DialogOptions) => dialogChunk().then((m) => m.alert(options)),
    information: (options: DialogOptions) => dialogChunk().then((m) => m.information(options)),
  };
  const pure = lazyPureApi(page);
  // Offline, an event waits for the network rather than failing for want of its chunk; a page
  // left before the chunk comes keeps the event for the next page (tracking/pending.ts).
  const analytics = analyticsQueue(() =>
    loadChunkOnline(() => import('./tracking/analytics'), 'analytics').then((m) => (event: unknown, at: PageMoment) => m.track(event, pages().now(), at)),
  );
  // Reading the context is the first turn; then each page service and the blocks take turns
  // (platform/yield.ts), so that a page with many of them gets several short tasks, not one
  // long one. One that fails is reported by `ready`; the others still start.
  const inTurn = <T>(work: () => T | PromiseLike<T>): Promise<T> => turn().then(work);
  const blocks = whenDocumentParsed()
    .then(turn)
    .then(() => {
      const context = page();
      // Spec part 1 §2: screenshot mode shows neither the banner nor the popup overlay.
      const screenshot = new URLSearchParams(location.search).get('sqsscreenshot') === 'true';
      // Each page service answers its teardown, kept for destroy().
      const start = (service: () => unknown) => inTurn(service).then(services.add);
      const consentAndOverlays = [start(() => startConsent(context, screenshot)), start(() => startOverlays(context, screenshot))];
      // Error reporting, visitor tracking and performance collection: one chunk, on site pages
      // only, so that site.js stays small. It is asked for before the blocks' chunks, and `ready`
      // waits for tracking to have started (its page view queued), so that a visitor who leaves
      // right after `ready` still leaves a page view; a chunk that fails is reported, not waited on.
      const collectors =
        context.website.id &&
        withChunk(
          () => import('./collectors/index'),
          (m) => {
            const { tracked, stop } = m.startCollectors(context, pages());
            services.add(stop);
            return tracked;
          },
          'Collectors failed to load',
        );
      // Fonts, comments count, block animations, text fitting: a chunk for the pages that have
      // any of them.
      if (needsEnhancements(context)) {
        void withChunk(() => import('./enhance/index'), (m) => services.add(m.startEnhancements(context)), 'Page enhancements failed');
      }
      // Logout notice, review page, cart, member sign-in: each page's code loads only there.
      return Promise.all([...consentAndOverlays, collectors, start(() => startPages(context, dialog.alert)), inTurn(() => host().start())]);
    });
  const booted = blocks
    .then(() => {
      document.documentElement.setAttribute('data-site-ready', '');
      document.dispatchEvent(new CustomEvent('site:ready'));
    })
    .catch((error: unknown) => reportError(error, 'Page init failed'));
  let ready: Promise<void> | undefined;

  return Object.freeze({
    version: VERSION,
    // The money/url chunk loads when theme code first asks for `ready`, `money` or `url`
    // (a page whose theme never does saves its 1.7 KB), beside whatever boot still loads.
    get ready() {
      return (ready ??= Promise.all([booted, pure.load()]).then(() => undefined));
    },
    get context() {
      blockHost?.flush();
      return pages().now();
    },
    // Worked out when read, not while site.js is evaluated in the page's parsing task.
    get environment() {
      return environmentFromHost(location.hostname);
    },
    init: (root?: Element) => host().init(root),
    destroy: (root?: Element) => {
      host().destroy(root);
      if (root) return;
      services.stop();
      analytics.stop();
      stopShared();
    },
    block: (element: Element) => host().instance(element),
    dialog: Object.freeze(dialog),
    analytics: Object.freeze({
      track: analytics.track,
      // Offline, a legacy event cannot be stored (the call is answered): it says so.
      trackLegacy: (event: string, data?: Record<string, unknown>) =>
        loadChunk(() => import('./tracking/legacy'), 'analytics').then((m) => m.recordLegacyEvent(page(), event, data), () => false),
    }),
    consent: Object.freeze({
      state: consentState,
      accept: () => setConsent(true),
      decline: () => setConsent(false),
    }),
    money: pure.money,
    url: pure.url,
    api: Object.freeze({
      request: <T = unknown>(path: string, options?: RequestOptions) => netChunk().then((m) => m.request<T>(path, options)),
    }),
  });
}
