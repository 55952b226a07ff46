/**
 * Previous / next buttons (disabled at the ends without loop, part 2 §4) and the pause button
 * an autoplaying gallery must offer (WCAG 2.2.2).
 */
import { listen, type Teardown } from '../../platform/events';
import type { Gallery } from './core';

import { galleryWords } from './words';
import { trustedHtml } from '../../platform/trusted-types';

export { LABEL_NEXT, LABEL_PAUSE, LABEL_PLAY, LABEL_PREVIOUS } from './words';
export const DISABLED_CLASS = 'disabled';

const ICON = (path: string) => `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">${path}</svg>`;
const CHEVRON = (d: string) => ICON(`<path d="${d}" fill="none" stroke="currentColor" stroke-width="2"/>`);
const PAUSE_ICON = ICON('<path d="M8 5v14M16 5v14" stroke="currentColor" stroke-width="3"/>');
const PLAY_ICON = ICON('<path d="M8 5l11 7-11 7z" fill="currentColor"/>');

const parsedIcons = new Map<string, DocumentFragment>();

/** Each icon is parsed once and cloned: a page of slideshows would parse the same SVG hundreds of times. */
function icon(markup: string): Node {
  let parsed = parsedIcons.get(markup);
  if (!parsed) {
    const template = document.createElement('template');
    template.innerHTML = trustedHtml(markup);
    parsed = template.content;
    parsedIcons.set(markup, parsed);
  }
  return parsed.cloneNode(true);
}

function button(className: string, label: string, markup: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = `tg-control ${className}`;
  element.setAttribute('aria-label', label);
  if (markup) element.append(icon(markup));
  return element;
}

export interface Controls {
  previous: HTMLButtonElement;
  next: HTMLButtonElement;
  pause: HTMLButtonElement | null;
  update(): void;
  setPlaying(playing: boolean): void;
  destroy(): void;
}

export function createControls(container: HTMLElement, gallery: Gallery, withPause: boolean, onPause: (pause: boolean) => void): Controls {
  const wrapper = document.createElement('div');
  wrapper.className = 'tg-controls';
  const words = galleryWords();
  let playing = withPause;
  const previous = button('tg-control--previous', words.previous, CHEVRON('M15 5l-7 7 7 7'));
  const next = button('tg-control--next', words.next, CHEVRON('M9 5l7 7-7 7'));
  const pause = withPause ? button('tg-control--pause', words.pause, '') : null;
  wrapper.append(previous, next);
  if (pause) wrapper.prepend(pause);
  container.append(wrapper);

  const teardowns: Teardown[] = [
    listen(previous, 'click', () => gallery.previous()),
    listen(next, 'click', () => gallery.next()),
  ];
  if (pause) teardowns.push(listen(pause, 'click', () => onPause(playing)));

  const setDisabled = (element: HTMLButtonElement, disabled: boolean) => {
    // aria-disabled keeps the button focusable, so focus is not lost at the end.
    element.classList.toggle(DISABLED_CLASS, disabled);
    element.setAttribute('aria-disabled', String(disabled));
  };

  const controls: Controls = {
    previous,
    next,
    pause,
    update() {
      wrapper.hidden = gallery.count < 2;
      setDisabled(previous, !gallery.loop && gallery.index <= 0);
      setDisabled(next, !gallery.loop && gallery.index >= gallery.lastIndex());
    },
    setPlaying(now: boolean) {
      playing = now;
      const label = playing ? words.pause : words.play;
      // Called on every turn of the slides: only a change of state touches the DOM.
      if (!pause || (pause.getAttribute('aria-label') === label && pause.firstChild)) return;
      pause.setAttribute('aria-label', label);
      pause.replaceChildren(icon(playing ? PAUSE_ICON : PLAY_ICON));
    },
    destroy() {
      teardowns.forEach((teardown) => teardown());
      wrapper.remove();
    },
  };
  controls.update();
  return controls;
}
