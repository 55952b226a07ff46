import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageBox } from '../../src/platform/page-box';

/** jsdom lays nothing out: what is at the screen's middle, and each box's height, are given. */
function atMiddle(element: Element | null, heights: Record<string, number> = {}) {
  document.elementFromPoint = vi.fn(() => element);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return heights[this.id] ?? 0;
  });
}

describe('pageBox', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (document as { elementFromPoint?: unknown }).elementFromPoint;
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('style');
    document.body.removeAttribute('style');
  });

  it('is the body where the window scrolls the page, without asking what is at the middle', () => {
    document.body.innerHTML = '<div id="box" style="overflow-y: auto"><p id="text">Text</p></div>';
    atMiddle(document.getElementById('text'), { box: 768 });
    expect(pageBox()).toBe(document.body);
    expect(document.elementFromPoint).not.toHaveBeenCalled();
  });

  it('is the tall scrolling box at the middle where html and body hide their overflow, past a small one in it (a wide table)', () => {
    // As browsers compute `overflow: hidden` and `overflow-x: auto` (jsdom leaves the other axis visible).
    document.documentElement.style.overflowY = 'hidden';
    document.body.style.overflowY = 'hidden';
    document.body.innerHTML = '<div id="box" style="overflow-y: auto"><div id="table" style="overflow-y: auto"><p id="cell">Cell</p></div></div>';
    atMiddle(document.getElementById('cell'), { box: 768, table: 120 });
    expect(pageBox()).toBe(document.getElementById('box'));
  });

  it('is the body where what is at the middle is a dialog (the lightbox, which hides the root\'s overflow), or nothing scrolls', () => {
    document.documentElement.style.overflowY = 'hidden';
    document.body.innerHTML = '<dialog id="dialog"><div id="inside" style="overflow-y: auto"><p id="text">Text</p></div></dialog><main id="main"><p id="plain">Text</p></main>';
    atMiddle(document.getElementById('text'), { inside: 768 });
    expect(pageBox()).toBe(document.body);
    vi.restoreAllMocks();
    atMiddle(document.getElementById('plain'), { main: 768 });
    expect(pageBox()).toBe(document.body);
  });
});
