/**
 * What the runtime fixes to the screen's foot ends the page with room of its height and adds it
 * to the root's bottom scroll padding, so that the browser scrolls a focused element clear of
 * it (WCAG 2.4.11); all of it goes with the teardown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coverScreenFoot, showOnTop } from '../../src/platform/screen-foot';

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

  it("pads a theme's page box by the covers whose rooms end it, and the root by all", () => {
    const wrapper = document.body.appendChild(document.createElement('div'));
    const uncoverStack = coverScreenFoot(box(50), wrapper);
    const uncoverBanner = coverScreenFoot(box(120), wrapper);
    expect([wrapper.style.scrollPaddingBottom, root.scrollPaddingBottom]).toEqual(['170px', '170px']);
    uncoverBanner();
    expect([wrapper.style.scrollPaddingBottom, root.scrollPaddingBottom]).toEqual(['50px', '50px']);
    uncoverStack();
    expect([wrapper.style.cssText, root.cssText]).toEqual(['', '']);
  });

  it("adds to a theme's own scroll padding (for a footer of its own), and leaves it as it was", () => {
    const theme = document.head.appendChild(document.createElement('style'));
    theme.textContent = 'html { scroll-padding-bottom: 40px } .wrapper { scroll-padding-bottom: 2rem }';
    const wrapper = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'wrapper' }));
    const uncover = coverScreenFoot(box(50), wrapper);
    expect(root.scrollPaddingBottom).toBe('calc(90px)'); // jsdom folds the sum
    expect(wrapper.style.scrollPaddingBottom).toBe('calc(50px + 2rem)');
    uncover();
    expect(root.scrollPaddingBottom).toBe('');
    expect(wrapper.style.scrollPaddingBottom).toBe('');
    theme.remove();
  });
});

describe('showOnTop', () => {
  const showPopover = vi.fn(function (this: HTMLElement) {
    expect(this.popover).toBe('manual');
  });
  beforeEach(() => Object.defineProperty(HTMLElement.prototype, 'showPopover', { configurable: true, value: showPopover }));
  afterEach(() => {
    delete (HTMLElement.prototype as { showPopover?: unknown }).showPopover;
    showPopover.mockClear();
    document.body.replaceChildren();
  });
  /** A modal dialog the theme has open, as `dialog:modal` finds it (jsdom has no top layer). */
  const openModals = (count: () => number) => {
    const query = document.querySelector.bind(document);
    vi.spyOn(document, 'querySelector').mockImplementation((selector: string) => (selector === 'dialog:modal' ? (count() ? document.createElement('dialog') : null) : query(selector)));
  };

  it('puts the element in the top layer at once when no modal dialog is open', () => {
    const shown = vi.fn();
    const element = document.body.appendChild(document.createElement('div'));
    showOnTop(element, shown);
    expect(showPopover.mock.contexts).toEqual([element]);
    expect(shown).toHaveBeenCalledWith(false);
  });

  it('waits for the last modal dialog to close, then shows and says it waited; taken down first, never', () => {
    let modals = 2;
    openModals(() => modals);
    const shown = vi.fn();
    const element = document.body.appendChild(document.createElement('div'));
    const gate = document.body.appendChild(document.createElement('dialog'));
    showOnTop(element, shown);
    expect(showPopover).not.toHaveBeenCalled();
    modals = 1;
    gate.dispatchEvent(new Event('close'));
    expect(showPopover).not.toHaveBeenCalled();
    modals = 0;
    gate.dispatchEvent(new Event('close'));
    expect(showPopover).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith(true);
    gate.dispatchEvent(new Event('close'));
    expect(showPopover).toHaveBeenCalledTimes(1);

    modals = 1;
    const other = document.body.appendChild(document.createElement('div'));
    showOnTop(other)();
    modals = 0;
    gate.dispatchEvent(new Event('close'));
    expect(showPopover).toHaveBeenCalledTimes(1);
  });

  it('where the browser has no popovers, leaves the element to its z-index', () => {
    delete (HTMLElement.prototype as { showPopover?: unknown }).showPopover;
    const element = document.body.appendChild(document.createElement('div'));
    const shown = vi.fn();
    showOnTop(element, shown)();
    expect(shown).not.toHaveBeenCalled();
  });
});
