/**
 * History hash (spec part 2 §2): the current slide is kept in the address as `itemId` (its url
 * or id) on the collection's full URL; an `itemId` in the address selects that slide on load.
 * The value is visitor input: it is only ever compared with the slides' own ids and urls.
 */
import type { Slide } from './slides';

export const ITEM_ID_PARAM = 'itemId';

/**
 * The `itemId` in the query, else in a `#itemId=` fragment, else the hash itself (`#s25`: part 2
 * §2, a lightbox opens "from a URL hash" naming a slide). Only ever compared with slide ids.
 */
export function itemIdFrom(location: { search: string; hash: string }): string | null {
  const hash = location.hash.slice(1);
  const fromHash = new URLSearchParams(hash.includes('=') ? hash : `${ITEM_ID_PARAM}=${hash}`);
  return new URLSearchParams(location.search).get(ITEM_ID_PARAM) || fromHash.get(ITEM_ID_PARAM) || null;
}

/** The index of the slide whose url or id equals `itemId`, else -1. */
export function slideIndexFor(slides: Slide[], itemId: string | null): number {
  if (!itemId) return -1;
  return slides.findIndex((slide) => slide.url === itemId || slide.id === itemId);
}

/** The address for `slide`: the collection's full URL (same origin only) plus its itemId. */
export function addressFor(slide: Slide, location: { origin: string; pathname: string; search: string }): string | null {
  const value = slide.url ?? slide.id;
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(slide.collectionFullUrl ?? location.pathname + location.search, location.origin);
  } catch {
    url = new URL(location.pathname + location.search, location.origin);
  }
  if (url.origin !== location.origin) url = new URL(location.pathname + location.search, location.origin);
  url.searchParams.set(ITEM_ID_PARAM, value);
  url.hash = '';
  return url.pathname + url.search;
}

/** The owner's config app frames the site: there the address belongs to the app. */
export function inConfigFrame(win: Window = window): boolean {
  try {
    return win.top !== win && win.top !== null && win.top.location.pathname.startsWith('/config');
  } catch {
    return false;
  }
}

export function writeItemId(slide: Slide, win: Window = window): void {
  const address = addressFor(slide, win.location);
  if (!address || address === win.location.pathname + win.location.search) return;
  try {
    // Whole: a path would be resolved against the page's <base href>, which may name another host.
    win.history.replaceState(win.history.state, '', win.location.origin + address);
  } catch (error) {
    console.warn('Gallery could not update the address', error);
  }
}
