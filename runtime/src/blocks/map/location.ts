/**
 * Map settings (spec part 2 §2, §3, §9), pure: the location with its defaults, the address
 * text, the external maps link, the style table and the script address.
 */
export const MAP_LOAD_TIMEOUT_MS = 30_000;
export const MAP_UI_DEBOUNCE_MS = 60;
/** The marker icon is 48×64 and drawn at half size. */
export const MARKER_WIDTH = 48;
export const MARKER_HEIGHT = 64;
export const DEFAULT_CENTER = { lat: 40.72, lng: -74.0 };
export const DEFAULT_ZOOM = 12;
export const OPEN_IN_MAPS = 'Open in Maps';
export const MAPS_CALLBACK = '__tesseraMapsReady';

/** Part 2 §2: the styles by number. */
export const MAP_STYLES = ['Original', 'Grayscale', 'Satellite', 'MinimalLight', 'MinimalDark', 'MinimalBlue'] as const;
export type MapStyle = (typeof MAP_STYLES)[number];

export interface MapLocation {
  center: { lat: number; lng: number };
  marker: { lat: number; lng: number };
  zoom: number;
  title: string;
  /** The address lines plus the country, or the coordinates when there are no lines. */
  address: string;
}

export interface MapOptions {
  style: MapStyle;
  showLabels: boolean;
  showTerrain: boolean;
  draggable: boolean;
  scrollwheel: boolean;
  showControls: boolean;
  disableDefaultUI: boolean;
  markerDraggable: boolean;
  linkOnClick: boolean;
}

const num = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

const onGlobe = (lat: number | null, lng: number | null) =>
  lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : null;

export function mapLocation(raw: unknown): MapLocation {
  const loc = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const lat = num(loc.mapLat);
  const lng = num(loc.mapLng);
  const center = onGlobe(lat, lng) ?? DEFAULT_CENTER;
  // Part 2 §3: the marker defaults to the map centre when it is null (or, here, off the globe).
  const marker = onGlobe(num(loc.markerLat), num(loc.markerLng)) ?? center;
  const lines = [text(loc.addressLine1), text(loc.addressLine2)].filter(Boolean);
  const address = lines.length > 0 ? [...lines, text(loc.addressCountry)].filter(Boolean).join(', ') : `${marker.lat}, ${marker.lng}`;
  const zoom = num(loc.mapZoom);
  return { center, marker, zoom: zoom !== null && zoom >= 0 && zoom <= 22 ? zoom : DEFAULT_ZOOM, title: text(loc.addressTitle), address };
}

/** Style by number (1 Original … 6 MinimalBlue) or name; default Grayscale. */
export function mapStyle(value: unknown): MapStyle {
  if (typeof value === 'number' && MAP_STYLES[value - 1]) return MAP_STYLES[value - 1]!;
  return MAP_STYLES.find((name) => name === value) ?? 'Grayscale';
}

export function mapOptions(raw: Record<string, unknown>): MapOptions {
  return {
    style: mapStyle(raw.style),
    showLabels: flag(raw.showLabels ?? raw.labels, true),
    showTerrain: flag(raw.showTerrain ?? raw.terrain, false),
    draggable: flag(raw.draggable, true),
    scrollwheel: flag(raw.scrollwheel, true),
    showControls: flag(raw.showControls ?? raw.controls, true),
    disableDefaultUI: flag(raw.disableDefaultUI, true),
    markerDraggable: flag(raw.markerDraggable, false),
    linkOnClick: flag(raw.linkOnClick, true),
  };
}

/** The external maps page: position, address text and zoom as query values. */
export function externalMapsUrl(location: MapLocation): string {
  const query = new URLSearchParams({ q: location.address, ll: `${location.marker.lat},${location.marker.lng}`, z: String(location.zoom) });
  return `https://maps.google.com/maps?${query}`;
}

/** Part 2 §7: version 3, a callback, the key, language and region from the locale. */
export function mapsScriptUrl(key: string, locale: string): string {
  const query = new URLSearchParams({ v: '3', callback: MAPS_CALLBACK, key });
  const [language, region] = locale.split(/[-_]/);
  if (language) query.set('language', language.toLowerCase());
  if (region) query.set('region', region.toUpperCase());
  return `https://maps.googleapis.com/maps/api/js?${query}`;
}

type Rule = { featureType?: string; elementType?: string; stylers: Record<string, unknown>[] };
const NO_POI: Rule = { featureType: 'poi', stylers: [{ visibility: 'off' }] };

/** Styling rules for a style, with labels hidden when asked. */
export function styleRules(style: MapStyle, showLabels: boolean): Rule[] {
  const rules: Rule[] = {
    Original: [],
    Grayscale: [{ stylers: [{ saturation: -100 }] }],
    Satellite: [],
    MinimalLight: [{ stylers: [{ saturation: -100 }, { lightness: 40 }] }, NO_POI],
    MinimalDark: [{ stylers: [{ invert_lightness: true }, { saturation: -100 }, { lightness: -20 }] }, NO_POI],
    MinimalBlue: [{ stylers: [{ hue: '#0066ff' }, { saturation: -40 }] }, NO_POI],
  }[style];
  return showLabels ? rules : [...rules, { elementType: 'labels', stylers: [{ visibility: 'off' }] }];
}
