import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_CENTER,
  MAP_STYLES,
  externalMapsUrl,
  mapLocation,
  mapOptions,
  mapStyle,
  mapsScriptUrl,
  styleRules,
} from '../../../src/blocks/map/location';

describe('map settings (part 2 §2, §3, §9)', () => {
  it('defaults the centre and zoom, and the marker to the centre', () => {
    expect(mapLocation(undefined)).toEqual({ center: DEFAULT_CENTER, marker: DEFAULT_CENTER, zoom: 12, title: '', address: '40.72, -74' });
    const located = mapLocation({ mapLat: '51.5', mapLng: -0.12, mapZoom: 16, markerLat: null, markerLng: null });
    expect(located.marker).toEqual({ lat: 51.5, lng: -0.12 });
    expect(located.zoom).toBe(16);
    expect(mapLocation({ mapLat: 999, mapLng: 0 }).center).toEqual(DEFAULT_CENTER);
  });

  it('address text: the two lines plus the country, else the coordinates', () => {
    expect(mapLocation({ addressLine1: '175 Fifth Avenue', addressLine2: 'New York, NY 10010', addressCountry: 'United States' }).address).toBe(
      '175 Fifth Avenue, New York, NY 10010, United States',
    );
    expect(mapLocation({ addressLine1: 'Only one', addressCountry: '' }).address).toBe('Only one');
    expect(mapLocation({ mapLat: 1, mapLng: 2, markerLat: 3, markerLng: 4 }).address).toBe('3, 4');
  });

  it('styles by number, default Grayscale; options and their defaults', () => {
    expect(MAP_STYLES).toEqual(['Original', 'Grayscale', 'Satellite', 'MinimalLight', 'MinimalDark', 'MinimalBlue']);
    expect([1, 2, 3, 4, 5, 6].map(mapStyle)).toEqual([...MAP_STYLES]);
    expect(mapStyle(undefined)).toBe('Grayscale');
    expect(mapStyle(9)).toBe('Grayscale');
    expect(mapOptions({})).toEqual({
      style: 'Grayscale',
      showLabels: true,
      showTerrain: false,
      draggable: true,
      scrollwheel: true,
      showControls: true,
      disableDefaultUI: true,
      markerDraggable: false,
      linkOnClick: true,
    });
    expect(mapOptions({ labels: false, terrain: true, controls: false })).toMatchObject({ showLabels: false, showTerrain: true, showControls: false });
    expect(styleRules('Grayscale', true)).toEqual([{ stylers: [{ saturation: -100 }] }]);
    expect(styleRules('Original', false)).toEqual([{ elementType: 'labels', stylers: [{ visibility: 'off' }] }]);
  });

  it('the external link carries position, address and zoom; the script version 3, callback, key and locale', () => {
    const location = mapLocation({ mapLat: 40.7411, mapLng: -73.9897, mapZoom: 15, addressLine1: '175 Fifth Avenue' });
    const url = new URL(externalMapsUrl(location));
    expect(url.origin).toBe('https://maps.google.com');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: '175 Fifth Avenue', ll: '40.7411,-73.9897', z: '15' });
    const script = new URL(mapsScriptUrl('k&y', 'fr-ca'));
    expect(Object.fromEntries(script.searchParams)).toEqual({ v: '3', callback: '__tesseraMapsReady', key: 'k&y', language: 'fr', region: 'CA' });
  });
});

/** A block element on the page, and the class names of the children added to it, in order. */
function blockElement() {
  const element = document.createElement('div');
  element.id = 'block-m';
  document.body.append(element);
  const appended: string[] = [];
  new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach((n) => appended.push((n as Element).className)))).observe(element, { childList: true });
  return { element, appended };
}

describe('map block without a maps key', () => {
  it('keeps the box, no longer a map region, as a panel over the address and its link', async () => {
    const { default: mapBlock } = await import('../../../src/blocks/map/index');
    const { defaultContext } = await import('../../../src/context/read');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { element, appended } = blockElement();
    const instance = await mapBlock.mount(element, { id: 'm', config: { location: { addressLine1: '175 Fifth Avenue' } }, page: defaultContext() });
    await (instance.ready as Promise<void>);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual(['tm-canvas', 'tm-address']);
    expect(element.getAttribute('data-map-state')).toBe('failed');
    const box = element.querySelector('.tm-canvas')!;
    expect([box.getAttribute('role'), box.getAttribute('aria-label'), box.childNodes.length]).toEqual([null, null, 0]);
    expect(element.querySelector('.tm-address a')?.textContent).toBe('Open in Maps');
    expect(warn).toHaveBeenCalledWith('Map #block-m: No maps key in the page context. Showing the address instead.');
    instance.destroy();
  });
});

describe('map block with a maps key', () => {
  // Each test loads the maps script as a fresh page would: the loader remembers a script it added.
  beforeEach(() => {
    vi.resetModules();
    document.head.querySelectorAll('script[src^="https://maps.googleapis.com/"]').forEach((script) => script.remove());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.replaceChildren();
  });
  const page = async () => {
    const { defaultContext } = await import('../../../src/context/read');
    const context = defaultContext();
    return { ...context, websiteSettings: { ...context.websiteSettings, mapsApiKey: 'test-key' } };
  };
  const mapsScript = async () => {
    await vi.waitFor(() => expect(document.head.querySelector('script[src^="https://maps.googleapis.com/"]')).not.toBeNull());
    return document.head.querySelector<HTMLScriptElement>('script[src^="https://maps.googleapis.com/"]')!;
  };

  it('adds the box and the address at once, and nothing more while the script loads or when it fails', async () => {
    const { default: mapBlock } = await import('../../../src/blocks/map/index');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { element, appended } = blockElement();
    const instance = await mapBlock.mount(element, { id: 'm', config: { location: { addressLine1: '175 Fifth Avenue' } }, page: await page() });
    const script = await mapsScript();
    expect(element.getAttribute('data-map-state')).toBe('loading');
    expect(element.querySelector('.tm-canvas')?.getAttribute('aria-label')).toBe('Map: 175 Fifth Avenue');
    script.dispatchEvent(new Event('error'));
    await (instance.ready as Promise<void>);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(element.getAttribute('data-map-state')).toBe('failed');
    expect(appended).toEqual(['tm-canvas', 'tm-address']);
    expect(element.querySelector('.tm-canvas')?.hasAttribute('role')).toBe(false);
    expect(warn).toHaveBeenCalledWith('Map #block-m: The map script could not be loaded. Showing the address instead.');
    instance.destroy();
    element.remove();
  });

  it('draws the map into the box above the address, where it has been since the mount', async () => {
    const { default: mapBlock } = await import('../../../src/blocks/map/index');
    const { MAPS_CALLBACK } = await import('../../../src/blocks/map/location');
    const { element, appended } = blockElement();
    const instance = await mapBlock.mount(element, { id: 'm', config: { location: { addressLine1: '175 Fifth Avenue' } }, page: await page() });
    await mapsScript();
    expect(appended).toEqual(['tm-canvas', 'tm-address']);
    const drawnInto: { connected: boolean; next: string | undefined }[] = [];
    const global = window as unknown as Record<string, unknown>;
    global.google = {
      maps: {
        Map: class {
          constructor(canvas: HTMLElement) {
            drawnInto.push({ connected: canvas.isConnected, next: (canvas.nextElementSibling as HTMLElement | null)?.className });
          }
          setCenter() {}
        },
        Marker: class {
          addListener() {}
          setMap() {}
        },
        Size: class {},
      },
    };
    (global[MAPS_CALLBACK] as () => void)();
    await (instance.ready as Promise<void>);
    expect(element.getAttribute('data-map-state')).toBe('loaded');
    expect(appended).toEqual(['tm-canvas', 'tm-address']);
    expect(element.querySelector('.tm-canvas')?.getAttribute('role')).toBe('region');
    expect([...element.children].map((child) => child.className)).toEqual(['tm-canvas', 'tm-address']);
    expect(drawnInto).toEqual([{ connected: true, next: 'tm-address' }]);
    instance.destroy();
    expect(element.children).toHaveLength(0);
    delete global.google;
    element.remove();
  });
});
