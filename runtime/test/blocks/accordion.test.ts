import { describe, expect, it, vi } from 'vitest';
import accordion, { accordionConfig, mountAccordion } from '../../src/blocks/accordion/index';
import { defaultContext } from '../../src/context/read';

function markup(count = 3) {
  document.body.innerHTML = `<div id="block-acc" data-block-type="accordion">${Array.from(
    { length: count },
    (_, i) => `<details><summary>Item ${i}</summary><div>Body ${i}</div></details>`,
  ).join('')}</div>`;
  return document.getElementById('block-acc')!;
}

const summaries = () => Array.from(document.querySelectorAll<HTMLElement>('summary'));
const openStates = () => Array.from(document.querySelectorAll('details'), (d) => d.open);

/** jsdom has no Web Animations; a fake one lets the tests drive the 250 ms animation. */
function fakeAnimations() {
  const animations: Array<{ finish(): void; options: KeyframeAnimationOptions }> = [];
  HTMLElement.prototype.animate = vi.fn(function (_frames: unknown, options: KeyframeAnimationOptions) {
    const animation = {
      options,
      onfinish: null as null | (() => void),
      oncancel: null as null | (() => void),
      finish() {
        animation.onfinish?.();
      },
      cancel() {
        animation.oncancel?.();
      },
    };
    animations.push(animation);
    return animation as unknown as Animation;
  }) as never;
  return animations;
}

describe('accordion', () => {
  it('reads its JSON settings strictly', () => {
    expect(accordionConfig({})).toEqual({ allowMultipleOpen: false, expandFirst: false });
    expect(accordionConfig({ allowMultipleOpen: 'yes', expandFirst: true })).toEqual({ allowMultipleOpen: false, expandFirst: true });
  });

  it('expands the first item when asked', async () => {
    const element = markup();
    await accordion.mount(element, { id: 'acc', config: { expandFirst: true }, page: defaultContext() });
    expect(openStates()).toEqual([true, false, false]);
  });

  it('opens one at a time with a 250 ms animation, and ignores toggles while animating', () => {
    const animations = fakeAnimations();
    const instance = mountAccordion(markup(), accordionConfig({}));
    summaries()[0]!.click();
    expect(openStates()).toEqual([true, false, false]);
    expect(animations[0]!.options.duration).toBe(250);
    expect(instance.animating).toBe(true);
    summaries()[1]!.click(); // ignored: still animating
    expect(openStates()).toEqual([true, false, false]);
    animations[0]!.finish();
    expect(instance.animating).toBe(false);
    summaries()[1]!.click();
    // The first closes (animated: it stays open until its animation ends), the second opens.
    expect(animations).toHaveLength(3);
    for (const animation of animations.slice(1)) animation.finish();
    expect(openStates()).toEqual([false, true, false]);
    instance.destroy();
    delete (HTMLElement.prototype as { animate?: unknown }).animate;
  });

  it('allows several open items when allowMultipleOpen is set', () => {
    mountAccordion(markup(), accordionConfig({ allowMultipleOpen: true }));
    summaries()[0]!.click();
    summaries()[2]!.click();
    expect(openStates()).toEqual([true, false, true]);
  });

  it('changes at once under reduced motion', () => {
    const animations = fakeAnimations();
    vi.stubGlobal('matchMedia', () => ({ matches: true }));
    mountAccordion(markup(), accordionConfig({}));
    summaries()[1]!.click();
    expect(animations).toHaveLength(0);
    expect(openStates()).toEqual([false, true, false]);
    delete (HTMLElement.prototype as { animate?: unknown }).animate;
  });

  it('stops listening on destroy', () => {
    const instance = mountAccordion(markup(), accordionConfig({}));
    instance.destroy();
    summaries()[0]!.click(); // native toggling again
    expect(instance.toggle(5)).toBe(false);
  });
});
