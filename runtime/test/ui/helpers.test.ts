import { describe, expect, it, vi } from 'vitest';
import { SCROLL_DURATION_ERROR, SCROLL_EASING_ERROR, SCROLL_END_EVENT, animateScroll, collapse, fadeIn, watchScrollEnd } from '../../src/ui/animate';
import { CONTAIN_FOCUS_ERROR, containFocus } from '../../src/ui/focus';
import { clampToViewport, tooltip } from '../../src/ui/tooltip';

// Spec part 1 §9.
const TOOLTIP_DELAY_MS = 1200;
const TOOLTIP_MOUSE_OFFSET = 15;
const EDGE_MARGIN = 20;

const tab = (shiftKey = false) =>
  document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true }));

describe('containFocus', () => {
  it('needs exactly one of container or predicate', () => {
    expect(() => containFocus({} as never)).toThrow(CONTAIN_FOCUS_ERROR);
    expect(() => containFocus({ container: document.body, predicate: () => true } as never)).toThrow(CONTAIN_FOCUS_ERROR);
  });

  it('wraps Tab within a container', () => {
    document.body.innerHTML = '<button id="out">out</button><div id="c"><button id="a">a</button><button id="b">b</button></div>';
    const release = containFocus({ container: document.getElementById('c')! });
    document.getElementById('b')!.focus();
    tab();
    expect(document.activeElement!.id).toBe('a');
    tab(true);
    expect(document.activeElement!.id).toBe('b');
    release();
    document.getElementById('b')!.focus();
    expect(tab()).toBe(true); // no longer handled
  });

  it('wraps among the elements a predicate accepts', () => {
    document.body.innerHTML = '<button id="a" class="in">a</button><button id="x">x</button><button id="b" class="in">b</button>';
    const release = containFocus({ predicate: (element) => element.classList.contains('in') });
    document.getElementById('b')!.focus();
    tab();
    expect(document.activeElement!.id).toBe('a');
    release();
  });
});

describe('tooltip', () => {
  it('shows after 1200 ms of hover at the pointer plus 15 px, and hides on leave', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<button id="t">?</button>';
    const target = document.getElementById('t')!;
    const stop = tooltip(target, 'Helpful text');
    target.dispatchEvent(new MouseEvent('mouseenter', { clientX: 100, clientY: 100 }));
    vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1);
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    vi.advanceTimersByTime(1);
    const tip = document.querySelector<HTMLElement>('[role="tooltip"]')!;
    expect(tip.textContent).toBe('Helpful text');
    expect(tip.style.maxWidth).toBe('250px');
    expect(tip.style.left).toBe(`${100 + TOOLTIP_MOUSE_OFFSET}px`);
    expect(target.getAttribute('aria-describedby')).toBe(tip.id);
    target.dispatchEvent(new MouseEvent('mouseleave'));
    expect(document.querySelector('[role="tooltip"]')).toBeNull();
    stop();
    expect(target.hasAttribute('aria-describedby')).toBe(false);
  });

  it('keeps 20 px from the viewport edges', () => {
    expect(clampToViewport(990, 5, 250, 40, 1000, 800)).toEqual({ x: 1000 - EDGE_MARGIN - 250, y: EDGE_MARGIN });
  });
});

describe('animation helpers', () => {
  it('animateScroll needs a function and a finite duration', () => {
    expect(() => animateScroll({ to: 0, easing: 'linear' as never })).toThrow(SCROLL_EASING_ERROR);
    expect(() => animateScroll({ to: 0, durationMs: Infinity })).toThrow(SCROLL_DURATION_ERROR);
    expect(() => animateScroll({ to: 0, durationMs: '300' as never })).toThrow(SCROLL_DURATION_ERROR);
  });

  it("animateScroll jumps at once under reduced motion, even where the theme's scroll-behavior is smooth", async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await animateScroll({ to: 500 });
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 500, behavior: 'instant' });
  });

  it("animateScroll puts each step where it belongs, not smoothed again by the theme's scroll-behavior", async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    await animateScroll({ to: 400, durationMs: 50, easing: (t) => t });
    expect(scrollTo.mock.calls.length).toBeGreaterThan(0);
    expect(scrollTo.mock.calls.every(([options]) => (options as ScrollToOptions).behavior === 'instant')).toBe(true);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 400, behavior: 'instant' });
  });

  it('fires the scroll-end event after 300 ms of quiet', () => {
    vi.useFakeTimers();
    const ended = vi.fn();
    document.addEventListener(SCROLL_END_EVENT, ended);
    const stop = watchScrollEnd();
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(200);
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(299);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ended).toHaveBeenCalledOnce();
    stop();
    document.removeEventListener(SCROLL_END_EVENT, ended);
  });

  it('collapse and fade show and hide the element', async () => {
    const element = document.createElement('div');
    await collapse(element);
    expect(element.hidden).toBe(true);
    await fadeIn(element);
    expect(element.hidden).toBe(false);
  });
});
