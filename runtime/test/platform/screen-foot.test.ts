/**
 * What the runtime fixes to the screen's foot ends the page with room of its height and adds it
 * to the root's bottom scroll padding, so that the browser scrolls a focused element clear of
 * it (WCAG 2.4.11); all of it goes with the teardown.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { coverScreenFoot } from '../../src/platform/screen-foot';

const root = document.documentElement.style;
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
const box = (height: number) => {
  const element = document.createElement('div');
  element.style.height = `${height}px`;
  return element;
};

describe('coverScreenFoot', () => {
  // jsdom lays nothing out: an element is as tall as its inline height.
  beforeEach(() => Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: function (this: HTMLElement) { return parseFloat(this.style.height) || 0; } }));
  afterEach(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
    document.body.replaceChildren();
    root.cssText = '';
  });

  it('ends the page with room as tall as each cover, pads the root by all of them, and takes it all back', () => {
    document.body.append(document.createElement('main'));
    const uncoverStack = coverScreenFoot(box(50));
    const uncoverBanner = coverScreenFoot(box(120));
    const rooms = [...document.querySelectorAll<HTMLElement>('body > main ~ .site-screen-foot-room')];
    expect(rooms.map((room) => [room.style.height, room.getAttribute('aria-hidden')])).toEqual([
      ['50px', 'true'],
      ['120px', 'true'],
    ]);
    expect(root.scrollPaddingBottom).toBe('170px');
    uncoverBanner();
    uncoverBanner(); // twice: nothing more is taken off
    expect(root.scrollPaddingBottom).toBe('50px');
    expect(document.querySelectorAll('.site-screen-foot-room')).toHaveLength(1);
    uncoverStack();
    expect(document.querySelectorAll('.site-screen-foot-room')).toHaveLength(0);
    expect(root.cssText).toBe('');
  });
});
