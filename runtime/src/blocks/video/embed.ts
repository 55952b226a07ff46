/**
 * Video embed rules (spec part 1 §3, §5, §9; part 2 §3), pure: which provider an embed's HTML
 * names, the player URL we build for it (never the HTML itself), the placeholder ratio and
 * the mode. Only known providers play: YouTube on its privacy-enhanced host, Vimeo without
 * tracking, and a plain video file.
 */
import { trustedHtml } from '../../platform/trusted-types';

export type VideoType = 'iframe' | 'object' | 'invalid';
export type VideoMode = 'none' | 'fit' | 'fill' | null;

export const INVALID_EMBED = 'Invalid video embed.';
export const VIDEO_STYLESHEET = 'video.css';
/** Part 1 §4: the video shows with a 1 s fade. */
export const VIDEO_FADE_MS = 1000;
/** The trace event a play sends (part 1 §3: pageUrl, type, data). */
export const TRACE_TYPE = 'video-embed';
/** Part 1 §5, §9: placeholder ratio 65 % for Auto, else 100 / ratio; default 56.3 %. */
export const AUTO_RATIO_PERCENT = 65;
export const DEFAULT_RATIO_PERCENT = 56.3;

export interface VideoEmbed {
  provider: 'YouTube' | 'Vimeo' | 'file' | null;
  type: VideoType;
  /** The player's address (with autoplay), or null when invalid. */
  src: string | null;
  /** Where the browser connects first (preconnect when the pointer nears). */
  origin: string | null;
}

const INVALID: VideoEmbed = { provider: null, type: 'invalid', src: null, origin: null };
const YOUTUBE_ID = /^[\w-]{6,20}$/;
const YOUTUBE_HOSTS = /^(www\.|m\.)?(youtube(-nocookie)?\.com|youtu\.be)$/;
const VIMEO_HOSTS = /^(www\.|player\.)?vimeo\.com$/;
export const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
export const VIMEO_ORIGIN = 'https://player.vimeo.com';

function youtubeId(url: URL): string | null {
  const id =
    url.hostname.endsWith('youtu.be')
      ? url.pathname.slice(1)
      : url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/?#]+)/.exec(url.pathname)?.[1] ?? null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** An http or https address, read against the page's; anything else is undefined. */
function webUrl(value: string, base: string): URL | undefined {
  try {
    const url = new URL(value, base);
    if (/^https?:$/.test(url.protocol)) return url;
  } catch {
    // not an address
  }
  return undefined;
}

/** Reads a provider's player or page URL. */
export function embedFromUrl(value: string, base: string): VideoEmbed {
  const url = webUrl(value, base);
  if (!url) return INVALID;
  if (YOUTUBE_HOSTS.test(url.hostname)) {
    const id = youtubeId(url);
    return id ? { provider: 'YouTube', type: 'iframe', src: `${YOUTUBE_ORIGIN}/embed/${id}?autoplay=1&rel=0`, origin: YOUTUBE_ORIGIN } : INVALID;
  }
  if (VIMEO_HOSTS.test(url.hostname)) {
    const id = /(?:^|\/)(\d{3,12})(?:$|[/?#])/.exec(url.pathname)?.[1];
    return id ? { provider: 'Vimeo', type: 'iframe', src: `${VIMEO_ORIGIN}/video/${id}?autoplay=1&dnt=1`, origin: VIMEO_ORIGIN } : INVALID;
  }
  return INVALID;
}

/**
 * Reads the embed HTML without running it (a template's content is inert: nothing in it runs or
 * loads; lighter than a DOMParser document per block on a page of many videos): an iframe of a
 * known provider, or a `<video>` with a file. Anything else, or nothing, is invalid.
 */
export function parseEmbed(html: unknown, base: string): VideoEmbed {
  if (typeof html !== 'string' || !html.trim()) return INVALID;
  const template = document.createElement('template');
  template.innerHTML = trustedHtml(html);
  const doc = template.content;
  const iframe = doc.querySelector('iframe[src]');
  if (iframe) return embedFromUrl(iframe.getAttribute('src')!, base);
  const video = doc.querySelector('video[src], video source[src]');
  const file = video && webUrl(video.getAttribute('src')!, base);
  return file ? { provider: 'file', type: 'object', src: file.href, origin: null } : INVALID;
}

/** The placeholder's height as a percentage of its width. */
export function ratioPercent(ratio: unknown): number {
  if (ratio === 'Auto' || ratio === 'auto') return AUTO_RATIO_PERCENT;
  const value = typeof ratio === 'string' ? parseFloat(ratio) : ratio;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? 100 / value : DEFAULT_RATIO_PERCENT;
}

/**
 * The frame's CSS aspect ratio: 100 divided by the placeholder percent (part 1 §5), except that
 * a ratio stored to four decimals (1.7778 for 16:9) takes the poster's exact width / height
 * when the two agree to that precision: a frame a fraction of a pixel shorter than the poster
 * the page showed moved everything after it, and the browser laid the whole page out again.
 */
export function frameAspectRatio(ratio: unknown, poster: Element | null): string {
  const value = 100 / ratioPercent(ratio);
  const size = ['width', 'height'].map((name) => poster?.getAttribute(name));
  // Without both sizes the quotient is NaN, 0 or Infinity, and the value is always above 0.
  return (+size[0]! / +size[1]!).toFixed(4) === value.toFixed(4) ? size.join('/') : `${value}`;
}

/** Part 1 §5: the mode must be none, fit, fill or null. */
export function videoMode(value: unknown): VideoMode {
  if (value === 'none' || value === 'fit' || value === 'fill') return value;
  if (value != null) console.warn('Video mode must be none, fit, fill or null.', value);
  return null;
}
