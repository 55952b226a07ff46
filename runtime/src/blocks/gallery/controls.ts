/**
 * Previous / next buttons (disabled at the ends without loop, part 2 §4) and the pause button
 * an autoplaying gallery must offer (WCAG 2.2.2).
 */
import { listen, type Teardown } from '../../platform/events';
import type { Gallery } from './core';

export const DISABLED_CLASS = 'disabled';
export const LABEL_PREVIOUS = 'Previous slide';
export const LABEL_NEXT = 'Next slide';
export const LABEL_PAUSE = 'Pause slideshow';
export const LABEL_PLAY = 'Play slideshow';

const CHEVRON = (d: string) =>
  `<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="${d}" fill="none" stroke="currentColor" stroke-width="2"/></svg>`;

function button(className: string, label: string, icon: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = `tg-control ${className}`;
  element.setAttribute('aria-label', label);
  element.innerHTML = icon;
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
  const previous = button('tg-control--previous', LABEL_PREVIOUS, CHEVRON('M15 5l-7 7 7 7'));
  const next = button('tg-control--next', LABEL_NEXT, CHEVRON('M9 5l7 7-7 7'));
  const pause = withPause ? button('tg-control--pause', LABEL_PAUSE, '') : null;
  wrapper.append(previous, next);
  if (pause) wrapper.prepend(pause);
  container.append(wrapper);

  const teardowns: Teardown[] = [
    listen(previous, 'click', () => gallery.previous()),
    listen(next, 'click', () => gallery.next()),
  ];
  if (pause) teardowns.push(listen(pause, 'click', () => onPause(pause.getAttribute('aria-label') === LABEL_PAUSE)));

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
    setPlaying(playing: boolean) {
      if (!pause) return;
      pause.setAttribute('aria-label', playing ? LABEL_PAUSE : LABEL_PLAY);
      pause.innerHTML = playing
        ? '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M8 5v14M16 5v14" stroke="currentColor" stroke-width="3"/></svg>'
        : '<svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path d="M8 5l11 7-11 7z" fill="currentColor"/></svg>';
    },
    destroy() {
      teardowns.forEach((teardown) => teardown());
      wrapper.remove();
    },
  };
  controls.update();
  return controls;
}
