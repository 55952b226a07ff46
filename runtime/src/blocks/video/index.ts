/**
 * The video block (spec part 1 §3, §4; part 2 §3, §4): a poster with a play control; the
 * player is made only when asked for, fades in over 1 s, and only one video plays at a time.
 * Without script the block's own markup (a link to the video) is what visitors get.
 */
import { embedsAllowed, gateEmbed } from '../../core/consent';
import type { BlockModule } from '../../core/types';
import { trace } from '../../net/trace';
import { dispatch, listen, type Teardown } from '../../platform/events';
import { MEDIA_DEACTIVATE_EVENT, MEDIA_PAUSE_EVENT, MEDIA_PLAY_EVENT } from '../../platform/media-events';
import { prefersReducedMotion } from '../../platform/motion';
import { fill, texts } from '../../platform/strings';
import { INVALID_EMBED, TRACE_TYPE, VIDEO_FADE_MS, VIDEO_STYLESHEET, frameAspectRatio, parseEmbed, videoMode, type VideoEmbed } from './embed';


/** One preconnect per origin and page, when the pointer (or focus) nears a video. */
/** The block's words (platform/strings.ts). */
export const videoWords = texts('video', { title: 'Video', play: 'Play video: {title}', invalid: INVALID_EMBED });

const preconnected = new Set<string | null>([null]);
function preconnect(origin: string | null): void {
  if (preconnected.has(origin)) return;
  preconnected.add(origin);
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin!;
  document.head.append(link);
}

function player(embed: VideoEmbed, title: string): HTMLElement {
  if (embed.type === 'object') {
    const video = document.createElement('video');
    video.src = embed.src!;
    video.controls = true;
    video.autoplay = true;
    video.playsInline = true;
    video.setAttribute('aria-label', title);
    return video;
  }
  const iframe = document.createElement('iframe');
  iframe.src = embed.src!;
  iframe.title = title;
  iframe.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  return iframe;
}

const video: BlockModule = {
  stylesheet: VIDEO_STYLESHEET,
  async mount(element, { config, page }) {
    const embed = parseEmbed(config.html, location.href);
    const title = typeof config.title === 'string' && config.title ? config.title : videoWords().title;
    const mode = videoMode(config.mode);
    const fallback = Array.from(element.children) as HTMLElement[];
    element.classList.add('tv');

    if (embed.type === 'invalid') {
      // The authored markup (a link, say) stays; the owner learns why nothing plays.
      const note = document.createElement('p');
      note.className = 'tv-invalid';
      note.textContent = videoWords().invalid;
      element.append(note);
      console.warn(INVALID_EMBED, element);
      return { embed, destroy: () => note.remove() };
    }

    const frame = document.createElement('div');
    frame.className = 'tv-frame';
    // The authored image moves into the overlay (and back on destroy), so an image loader
    // that already manages it (a gallery slide's) keeps doing so.
    const poster = element.querySelector('img');
    frame.style.aspectRatio = frameAspectRatio(config.ratio, poster);
    const overlay = document.createElement('div');
    overlay.className = 'tv-overlay';
    const posterHome = poster ? { parent: poster.parentNode!, next: poster.nextSibling, className: poster.className } : null;
    if (poster) {
      poster.classList.add('tv-poster');
      if (mode) poster.classList.add(`tv-poster--${mode}`);
      overlay.append(poster);
    }
    const play = document.createElement('button');
    play.className = 'tv-play';
    play.type = 'button';
    play.setAttribute('aria-label', fill(videoWords().play, { title }));
    overlay.append(play);
    frame.append(overlay);
    for (const child of fallback) child.hidden = true;
    element.append(frame);

    /** What the media events carry: tracking reads kind, provider and url. */
    const detail = { kind: 'video', provider: embed.provider, url: embed.src };
    let current: HTMLElement | null = null;
    let animation: Animation | null = null;
    const teardowns: Teardown[] = [];
    // A player from another site (it has an origin) is a third-party embed: neither a
    // preconnect nor the player before consent allows it.
    const warm = () => embedsAllowed(page.cookieSettings) && preconnect(embed.origin);
    let stopGate: Teardown | null = null;

    const stop = () => {
      if (!current) return;
      animation?.cancel();
      current.remove();
      current = null;
      overlay.hidden = false;
      element.classList.remove('tv--playing');
      dispatch(element, MEDIA_PAUSE_EVENT, detail);
    };

    const start = () => {
      if (current) return;
      current = player(embed, title);
      current.className = 'tv-player';
      frame.append(current);
      overlay.hidden = true;
      element.classList.add('tv--playing');
      if (!prefersReducedMotion() && typeof current.animate === 'function') {
        animation = current.animate([{ opacity: 0 }, { opacity: 1 }], { duration: VIDEO_FADE_MS, easing: 'ease' });
      }
      current.focus();
      trace(TRACE_TYPE, embed);
      // Tracking records a census video event; galleries pause; other videos stop. (A
      // gallery also hears a file player's own play and pause events.)
      dispatch(element, MEDIA_PLAY_EVENT, detail);
    };

    const gatedStart = () => {
      if (!embed.origin) return start();
      stopGate ??= gateEmbed(page.cookieSettings, frame, { provider: embed.provider!, what: 'video' }, () => {
        stopGate = null;
        start();
      });
    };

    teardowns.push(
      () => stopGate?.(),
      // The whole poster plays; Enter and Space on the button reach here as its click.
      listen(overlay, 'click', gatedStart),
      listen(element, 'pointerenter', warm),
      listen(play, 'focus', warm),
      // Only one video plays at a time (part 2 §4).
      listen(document, MEDIA_PLAY_EVENT, (event: Event) => {
        const from = event.target as Element;
        if (from !== element && !element.contains(from) && (event as CustomEvent<{ kind?: string }>).detail?.kind === 'video') stop();
      }),
      // A gallery slide that stops being current sends its video back to the overlay.
      listen(document, MEDIA_DEACTIVATE_EVENT, (event: Event) => {
        if ((event.target as Element).contains(element)) stop();
      }),
    );

    return {
      embed,
      get playing() {
        return current !== null;
      },
      play: gatedStart,
      stop,
      destroy() {
        stop();
        teardowns.forEach((teardown) => teardown());
        if (poster && posterHome) {
          poster.className = posterHome.className;
          posterHome.parent.insertBefore(poster, posterHome.next);
        }
        frame.remove();
        for (const child of fallback) child.hidden = false;
        element.classList.remove('tv', 'tv--playing');
      },
    };
  },
};
export default video;
