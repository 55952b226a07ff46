/**
 * Web-vitals thresholds (web.dev): good at or under the first, poor above the second. The
 * collector stores metric names in lower case (`lcp`, `cls`, …).
 */
export type Rating = 'good' | 'needs-improvement' | 'poor';

export const THRESHOLDS: Record<string, readonly [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
};

export const METRIC_NAMES: Record<string, string> = {
  lcp: 'Largest Contentful Paint',
  inp: 'Interaction to Next Paint',
  cls: 'Cumulative Layout Shift',
  fcp: 'First Contentful Paint',
  ttfb: 'Time to First Byte',
};

export function rating(metric: string, value: number): Rating | null {
  const limits = THRESHOLDS[metric];
  if (!limits) return null;
  if (value <= limits[0]) return 'good';
  return value <= limits[1] ? 'needs-improvement' : 'poor';
}

export const RATING_TEXT: Record<Rating, string> = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' };

/** `2512.3` ms → `2.51 s`; CLS has no unit. */
export function metricText(metric: string, value: number): string {
  if (metric === 'cls') return value.toFixed(3);
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}
