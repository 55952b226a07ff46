/**
 * What the moving designs (slideshow, strip, carousel) add: previous/next and pause controls,
 * arrow keys, swipe and autoplay (spec part 2 §4, §5, §9). Its own chunk: grids never load it.
 */
import { isMobile } from '../../platform/device';
import { arrowStep } from '../../platform/direction';
import { listen, type Teardown } from '../../platform/events';
import { MEDIA_PAUSE_EVENT, MEDIA_PLAY_EVENT } from '../../platform/media-events';
import { watchNearViewport } from '../../platform/viewport';
import { Autoplay } from './autoplay';
import { createControls } from './controls';
import type { Gallery } from './core';
import type { Design } from './designs/types';
import type { GalleryOptions } from './options';
import { recogniseSwipe } from '../../ui/swipe';

export interface Navigation {
  /** Called after every change of slide. */
  changed(): void;
  destroy(): void;
}

function isEditable(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));
}

function inViewport(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
}

export function startNavigation(container: HTMLElement, gallery: Gallery, design: Design, options: GalleryOptions, motionAllowed: boolean): Navigation {
  const teardowns: Teardown[] = [];
  const slides = gallery.slides;
  const autoplayOn = options.autoplay && motionAllowed && slides.length > 1;
  let autoplay: Autoplay | null = null;
  // The pause button shows the visitor's own choice; hover and focus pauses are passing.
  const controls =
    options.controls === false
      ? null
      : createControls(container, gallery, autoplayOn, (pause) => {
          if (pause) autoplay?.pause('visitor');
          else autoplay?.resume('visitor');
          controls!.setPlaying(!pause);
        });
  controls?.setPlaying(autoplayOn);
  const setLive = (playing: boolean) => {
    // No announcements while the slides turn by themselves (WAI carousel pattern).
    container.setAttribute('aria-live', playing ? 'off' : 'polite');
  };
  setLive(false);
  teardowns.push(gallery.on('layout', () => controls?.update()));

  if (autoplayOn) {
    autoplay = new Autoplay(() => gallery.next(), options.autoplayTimeoutMs, options.randomInterval, Math.random, setLive);
    // It waits until the viewport watcher below says it is near: no timer is set (and cleared at
    // once) for each of a page's slideshows far below the fold.
    autoplay.pause('offscreen');
    const pauseWhile = (target: Element, on: string, off: string, reason: 'hover' | 'focus') =>
      teardowns.push(
        listen(target, on, () => autoplay!.pause(reason)),
        listen(target, off, (event: Event) => {
          const related = (event as FocusEvent).relatedTarget as Node | null;
          if (reason === 'focus' && related && container.contains(related)) return;
          autoplay!.resume(reason);
        }),
      );
    // Part 2 §4: hovering pauses, except on mobile where there is no hover.
    if (!isMobile()) pauseWhile(container, 'pointerenter', 'pointerleave', 'hover');
    pauseWhile(container, 'focusin', 'focusout', 'focus');
    teardowns.push(
      listen(container, MEDIA_PLAY_EVENT, () => autoplay!.pause('video')),
      listen(container, MEDIA_PAUSE_EVENT, () => autoplay!.resume('video')),
      // Native <video> slides: media events do not bubble, so listen in the capture phase.
      listen(container, 'play', () => autoplay!.pause('video'), { capture: true }),
      listen(container, 'pause', () => autoplay!.resume('video'), { capture: true }),
      listen(document, 'visibilitychange', () => (document.hidden ? autoplay!.pause('hidden') : autoplay!.resume('hidden'))),
      // Nobody sees a slideshow scrolled out of view turn: it waits, and spends no main thread.
      watchNearViewport(container, 0, (visible) => (visible ? autoplay!.resume('offscreen') : autoplay!.pause('offscreen'))),
    );
    autoplay.start();
  }

  if (options.keyboard) {
    teardowns.push(
      listen(document, 'keydown', (event: KeyboardEvent) => {
        if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
        if (isEditable(event.target) || gallery.busy() || !inViewport(container)) return;
        const moved = arrowStep(event.key, container) < 0 ? gallery.previous() : gallery.next();
        if (moved) event.preventDefault();
      }),
    );
  }

  {
    teardowns.push(
      recogniseSwipe(container, {
        move: (dx, towardNext) => {
          if (gallery.busy()) return;
          // Hard boundaries stop the drag at the ends; inertial ones resist; none lets it run.
          const atEdge = !gallery.loop && dx !== 0 && (towardNext ? gallery.index >= gallery.lastIndex() : gallery.index === 0);
          const boundary = atEdge ? options.swipeBoundary : 'none';
          design.drag?.(boundary === 'hard' ? 0 : boundary === 'inertial' ? dx / 3 : dx);
        },
        end: (decision, _dx, seconds) => {
          design.releaseSeconds = seconds;
          const moved = decision === 'next' ? gallery.next() : decision === 'previous' ? gallery.previous() : false;
          if (!moved) {
            design.releaseSeconds = undefined;
            design.drag?.(0);
          }
        },
      }),
    );
  }

  return {
    changed() {
      controls?.update();
      autoplay?.restart();
    },
    destroy() {
      autoplay?.stop();
      teardowns.forEach((teardown) => teardown());
      controls?.destroy();
    },
  };
}
