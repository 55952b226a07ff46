/**
 * The map block (spec part 2 §2–4, §8, §9): loads the maps script once per page (loading,
 * loaded, or failed after 30 s), shows one marker, and keeps the address with an "Open in
 * Maps" link under the map. Everything arrives in one room (blocks.css): the map's box, which
 * runtime.css holds from the first paint, with the address under it; the consent placeholder
 * and, when the script cannot load, a plain panel with the marker take the box's place, so
 * nothing on the page moves whichever way the load goes.
 */
import type { BlockModule } from '../../core/types';
import { gateEmbed } from '../../core/consent';
import { assetUrl } from '../../platform/assets';
import { listen } from '../../platform/events';
import { fill, texts } from '../../platform/strings';
import { debounce } from '../../platform/timing';
import {
  MAPS_CALLBACK,
  MAP_LOAD_TIMEOUT_MS,
  MAP_UI_DEBOUNCE_MS,
  MARKER_HEIGHT,
  MARKER_WIDTH,
  OPEN_IN_MAPS,
  externalMapsUrl,
  mapLocation,
  mapOptions,
  mapsScriptUrl,
  styleRules,
} from './location';
import { trustedScriptUrl } from '../../platform/trusted-types';

/** The part of the maps API we use. */
interface MapsApi {
  Map: new (element: HTMLElement, options: Record<string, unknown>) => { setCenter(center: unknown): void };
  Marker: new (options: Record<string, unknown>) => { addListener(type: string, fn: () => void): unknown; setMap(map: null): void };
  Size: new (width: number, height: number) => unknown;
}

/** The block's words (platform/strings.ts). */
export const mapWords = texts('map', { label: 'Map: {place}', openInMaps: OPEN_IN_MAPS });

export const MAP_SCRIPT_FAILED = 'The map script could not be loaded.';
export const mapTimedOut = (ms: number) => `The map script did not load within ${ms / 1000} seconds.`;

let loading: Promise<MapsApi> | null = null;

/**
 * Loads the script once per page; a failure lets the next map try again. The script helper (it
 * gives the script the page's CSP nonce) loads with it: a map without a key never needs it.
 */
export function loadMaps(key: string, locale: string, timeoutMs = MAP_LOAD_TIMEOUT_MS): Promise<MapsApi> {
  const global = window as unknown as { google?: { maps?: MapsApi } } & Record<string, unknown>;
  if (global.google?.maps) return Promise.resolve(global.google.maps);
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    let script: HTMLScriptElement | undefined;
    let failed = false;
    const fail = (message: string) => {
      failed = true;
      clearTimeout(timer);
      script?.remove();
      loading = null;
      reject(new Error(message));
    };
    // The time-out counts from the call, the helper's own load included.
    const timer = setTimeout(() => fail(mapTimedOut(timeoutMs)), timeoutMs);
    global[MAPS_CALLBACK] = () => {
      clearTimeout(timer);
      const maps = global.google?.maps;
      if (maps) resolve(maps);
      else fail(MAP_SCRIPT_FAILED);
    };
    import('../../platform/load-script').then(({ createScript }) => {
      if (failed) return;
      script = createScript();
      script.src = trustedScriptUrl(mapsScriptUrl(key, locale));
      script.async = true;
      script.onerror = () => fail(MAP_SCRIPT_FAILED);
      document.head.append(script);
    }, () => fail(MAP_SCRIPT_FAILED));
  });
  return loading;
}

const map: BlockModule = {
  stylesheet: 'blocks.css',
  async mount(element, { config, page }) {
    const location = mapLocation(config.location ?? config);
    const options = mapOptions(config);
    const key = typeof page.websiteSettings.mapsApiKey === 'string' ? page.websiteSettings.mapsApiKey : '';
    const setState = (state: 'loading' | 'loaded' | 'failed') => element.setAttribute('data-map-state', state);

    // The box (16:9 unless the theme says otherwise, blocks.css), then the address and a link:
    // they are the map for keyboards, screen readers and any page where the script cannot load.
    const canvas = document.createElement('div');
    canvas.className = 'tm-canvas';
    canvas.setAttribute('role', 'region');
    canvas.setAttribute('aria-label', fill(mapWords().label, { place: location.title || location.address }));
    const caption = document.createElement('p');
    caption.className = 'tm-address';
    caption.textContent = location.title ? `${location.title}, ${location.address}` : location.address;
    const link = document.createElement('a');
    link.href = externalMapsUrl(location);
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = mapWords().openInMaps;
    caption.append(' ', link);
    // Both at once, in the room runtime.css held for them.
    element.append(canvas, caption);
    setState('loading');

    let marker: InstanceType<MapsApi['Marker']> | null = null;
    let stopResize = () => undefined as void;
    let destroyed = false;
    let stopGate = () => undefined as void;
    // Through the consent gate: under a restrictive policy, nothing goes to Google before the visitor says so.
    const ready = new Promise<MapsApi>((resolve, reject) => {
      if (!key) return reject(new Error('No maps key in the page context.'));
      stopGate = gateEmbed(page.cookieSettings, canvas, { provider: 'Google Maps', what: 'map' }, () => void loadMaps(key, document.documentElement.lang || 'en-US').then(resolve, reject));
    }).then(
      (maps) => {
        if (destroyed) return;
        const instance = new maps.Map(canvas, {
          center: location.center,
          zoom: location.zoom,
          disableDefaultUI: options.disableDefaultUI,
          zoomControl: options.showControls,
          gestureHandling: options.draggable ? (options.scrollwheel ? 'greedy' : 'cooperative') : 'none',
          scrollwheel: options.scrollwheel,
          mapTypeId: options.style === 'Satellite' ? 'satellite' : options.showTerrain ? 'terrain' : 'roadmap',
          styles: styleRules(options.style, options.showLabels),
        });
        marker = new maps.Marker({
          map: instance,
          position: location.marker,
          title: location.title || location.address,
          draggable: options.markerDraggable,
          icon: { url: assetUrl('map-marker.svg'), scaledSize: new maps.Size(MARKER_WIDTH / 2, MARKER_HEIGHT / 2) },
        });
        if (options.linkOnClick) marker.addListener('click', () => window.open(link.href, '_blank', 'noopener'));
        // Part 2 §9: UI updates wait for 60 ms of quiet.
        const recentre = debounce(() => instance.setCenter(location.center), MAP_UI_DEBOUNCE_MS);
        const off = listen(window, 'resize', recentre);
        stopResize = () => {
          off();
          recentre.cancel();
        };
        setState('loaded');
      },
      (error: unknown) => {
        if (destroyed) return;
        // The box stays (the page does not move) as a plain panel with the marker, named no
        // more as a map; the address and its link under it are the map now.
        canvas.removeAttribute('role');
        canvas.removeAttribute('aria-label');
        setState('failed');
        console.warn(`Map #${element.id}: ${(error as Error).message} Showing the address instead.`);
      },
    );
    return {
      location,
      options,
      ready,
      destroy() {
        destroyed = true;
        stopGate();
        stopResize();
        marker?.setMap(null);
        canvas.remove();
        caption.remove();
        element.removeAttribute('data-map-state');
      },
    };
  },
};
export default map;
