import { describe, expect, it } from 'vitest';
import { counted, noun } from '../src/counted';

describe('counts in the owner app', () => {
  it('say one of a thing as one, and none or several as several', () => {
    expect([0, 1, 2].map((n) => counted(n, 'page load'))).toEqual(['0 page loads', '1 page load', '2 page loads']);
    expect(noun(1, 'daily visitor')).toBe('daily visitor');
    expect(counted(3, 'person', 'people')).toBe('3 people');
  });
});
