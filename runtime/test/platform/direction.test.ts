import { afterEach, describe, expect, it } from 'vitest';
import { arrowStep, isRightToLeft } from '../../src/platform/direction';

afterEach(() => {
  document.documentElement.removeAttribute('dir');
  document.body.replaceChildren();
});

describe('reading direction', () => {
  it('follows the nearest dir, and turns the arrow keys round right to left', () => {
    const inner = document.createElement('div');
    const outer = document.createElement('section');
    outer.append(inner);
    document.body.append(outer);
    expect(isRightToLeft(inner)).toBe(false);
    expect(arrowStep('ArrowRight', inner)).toBe(1);
    expect(arrowStep('ArrowLeft', inner)).toBe(-1);
    expect(arrowStep('ArrowUp', inner)).toBe(0);

    document.documentElement.dir = 'rtl';
    expect(isRightToLeft(inner)).toBe(true);
    expect(arrowStep('ArrowLeft', inner)).toBe(1);
    expect(arrowStep('ArrowRight', inner)).toBe(-1);
    expect(arrowStep('Enter', inner)).toBe(0);

    // A left-to-right part of a right-to-left page (a quotation, a code sample) keeps its own.
    outer.dir = 'ltr';
    expect(arrowStep('ArrowRight', inner)).toBe(1);
  });
});
