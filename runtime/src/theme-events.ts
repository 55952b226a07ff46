/**
 * The events the runtime fires for theme code, typed for `addEventListener` (the package's
 * types merge them into the DOM's event maps): `document.addEventListener('site:cart', (e) =>
 * e.detail.totalQuantity)` type-checks. Each is described on its block's or service's page.
 * Types only: nothing here is in a build.
 */
import type { DialogResult } from './ui/dialog';

/** What a playing or pausing video or audio block says of itself. */
export interface MediaEventDetail {
  kind: 'video' | 'audio';
  provider: string;
  /** The file or embed address (an audio block without a source has none). */
  url?: string;
}

/** Fired on a block element (and bubbling to `document`). */
export interface SiteElementEvents {
  /** A form block's submission succeeded (docs/blocks/form.md). */
  'site:form-submit': CustomEvent<{ formId: string; newsletter: boolean }>;
  /** A gallery moved to another slide (docs/blocks/gallery.md). */
  'gallery:change': CustomEvent<{ index: number; previous: number }>;
  /** A video or audio block started or stopped playing (docs/blocks/video.md, audio.md). */
  'tessera:media-play': CustomEvent<MediaEventDetail>;
  'tessera:media-pause': CustomEvent<MediaEventDetail>;
  /** Sent by a gallery to a slide that stops being current: a video in it goes back to its poster. */
  'tessera:media-deactivate': CustomEvent<null>;
}

/** Fired on `document` (docs/javascript-api.md and the services' pages). */
export interface SiteDocumentEvents extends SiteElementEvents {
  /** Every block present at start has initialised (as `SiteRuntime.ready` resolves). */
  'site:ready': CustomEvent<null>;
  /** After every cart answer: the cart's count (0 for a bought cart). */
  'site:cart': CustomEvent<{ totalQuantity: number }>;
  /** The visitor's cookie choice changed (from the banner, a placeholder or `SiteRuntime.consent`). */
  'site:consent': CustomEvent<{ state: boolean }>;
  /** A data-layer call answered that a sign-in is needed. */
  'site:login-required': CustomEvent<{ url: string }>;
  /** A tracking event (`add_to_cart`, `search`, `newsletter_subscribe`, `system_network_error`, …) and its fields. */
  'site:track': CustomEvent<{ event: string; [field: string]: unknown }>;
  /** A tracking event re-fired for third-party pixels, with the pixel's name for it. */
  'site:pixel': CustomEvent<{ event: string; name: string; [field: string]: unknown }>;
  /** A dialog ended (they bubble from its overlay), then finished fading. */
  'dialog:confirm': CustomEvent<{ result: DialogResult }>;
  'dialog:cancel': CustomEvent<{ result: DialogResult }>;
  'dialog:reject': CustomEvent<{ result: DialogResult }>;
  'dialog:hidden': CustomEvent<{ result: DialogResult }>;
}

declare global {
  // Merged into the DOM's own maps: addEventListener on document and on elements knows these names.
  interface DocumentEventMap extends SiteDocumentEvents {}
  interface HTMLElementEventMap extends SiteElementEvents {}
}
