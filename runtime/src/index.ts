/**
 * Entry of both builds (site.js and site.iife.js): starts the runtime once per page and
 * exports the pure helpers for theme code. Nothing below this file starts itself.
 */
import { createRuntime, type SiteRuntimeApi } from './runtime';

declare global {
  interface Window {
    SiteRuntime?: SiteRuntimeApi;
  }
}

function start(): void {
  if (typeof window === 'undefined' || typeof document === 'undefined') return;
  if (window.SiteRuntime) {
    console.warn('SiteRuntime is already running; this copy stays idle.');
    return;
  }
  try {
    Object.defineProperty(window, 'SiteRuntime', { value: createRuntime(), configurable: false, writable: false, enumerable: true });
  } catch (error) {
    // The runtime must never throw into the page (CONTRACT §1).
    console.error('SiteRuntime failed to start', error);
  }
}

start();

// Event helpers for theme code (and the crumb, which every API call carries). Exporting them also keeps them in site.js, where the lazy
// chunks import them from, instead of tiny chunks that would cost each block a request.
export { dispatch, listen } from './platform/events';
export { withCrumb } from './net/crumb';
// Every API URL is built by one function, shared by the data layer, the beacons and the collectors.
export { apiBase, apiCredentials, apiUrl } from './net/api-base';
export { prefersReducedMotion } from './platform/motion';
export { assetUrl, loadStylesheet } from './platform/assets';
export type { SiteRuntimeApi } from './runtime';
// The events theme code listens for, merged into the DOM's event maps for addEventListener.
export type { MediaEventDetail, SiteDocumentEvents, SiteElementEvents } from './theme-events';
