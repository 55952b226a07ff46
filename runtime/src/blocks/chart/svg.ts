/**
 * Draws bar, line and pie charts as SVG elements (no innerHTML: labels are visitor-visible text
 * from the dataset). Sizes are in viewBox units, drawn for the width the chart has on the page
 * (index.ts), so that its labels keep their size on a phone instead of shrinking with the SVG.
 */
import { pageLanguage } from '../../platform/strings';
import type { Series } from '../../../../contract/chart/dataset';

const NS = 'http://www.w3.org/2000/svg';
/** The size a chart is drawn at before its width is known, and the widest it is drawn at. */
export const WIDTH = 600;
export const HEIGHT = 320;
/**
 * What a chart is drawn at on a `width` px wide container: as wide, within 280 to 600 units, and
 * always in the same proportion, so that drawing it again for its width moves nothing under it.
 */
export function drawingSize(width: number): [number, number] {
  const w = Math.min(WIDTH, Math.max(280, width));
  return [w, (w * HEIGHT) / WIDTH];
}
const M = { top: 16, right: 16, bottom: 28, left: 52 };
/** Okabe–Ito: told apart with every common colour vision deficiency. Its black is the text's colour, so that it shows on a dark theme. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#8C6D1F', 'currentColor'];
/** Axes and labels in the text's colour: readable on any theme, light or dark. */
const AXIS = { 'font-size': 11, fill: 'currentColor' };

type Attributes = Record<string, string | number>;

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The value axis: a round step (1, 2, 2.5 or 5 times a power of ten) that covers `max` in at
 * most five steps, and the top it reaches: 37 → 10 up to 40, 210 → 50 up to 250 (not 62.5
 * up to 250), 1234 → 250 up to 1250.
 */
export function valueScale(max: number): { step: number; top: number } {
  if (!(max > 0)) return { step: 0.25, top: 1 };
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].find((n) => n * power >= rough)! * power;
  // toPrecision: 3 × 0.1 is 0.30000000000000004 in floating point.
  return { step, top: +(Math.ceil(max / step - 1e-9) * step).toPrecision(12) };
}

// The spec's US-English form on an English page, the page language's elsewhere.
const format = (value: number) =>
  !/^en\b/i.test(pageLanguage()) ? (Math.round(value * 100) / 100).toLocaleString(pageLanguage()) : Math.abs(value) >= 1000 ? value.toLocaleString('en-US') : String(Math.round(value * 100) / 100);

/** Value grid, axis labels and category labels; answers the plot's scales. */
function axes(group: SVGGElement, labels: string[], series: Series[], width: number, height: number) {
  const { step, top } = valueScale(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotWidth = width - M.left - M.right;
  const plotHeight = height - M.top - M.bottom;
  const y = (value: number) => M.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  for (let i = 0; i <= Math.round(top / step); i++) {
    const value = step * i;
    group.append(
      svg('line', { x1: M.left, x2: width - M.right, y1: y(value), y2: y(value), stroke: 'currentColor', 'stroke-opacity': 0.2 }),
      svg('text', { x: M.left - 6, y: y(value) + 4, 'text-anchor': 'end', ...AXIS }, format(value)),
    );
  }
  const band = plotWidth / Math.max(1, labels.length);
  // At most 12 category labels, at least 40 units apart, each cut to the room it has.
  const every = Math.ceil(labels.length / Math.min(12, Math.floor(plotWidth / 40)));
  const chars = Math.max(4, Math.min(14, Math.floor((band * every) / 6.5)));
  labels.forEach((label, i) => {
    if (i % every) return;
    group.append(svg('text', { x: M.left + band * (i + 0.5), y: height - M.bottom + 16, 'text-anchor': 'middle', ...AXIS }, label.length > chars ? `${label.slice(0, chars - 1)}…` : label));
  });
  return { y, band, plotHeight };
}

export function bars(group: SVGGElement, labels: string[], series: Series[], width: number, height: number): void {
  const { y, band } = axes(group, labels, series, width, height);
  const barWidth = (band * 0.8) / Math.max(1, series.length);
  series.forEach((s, si) =>
    s.values.forEach((value, i) => {
      const top = y(value);
      group.append(svg('rect', { x: M.left + band * i + band * 0.1 + barWidth * si, y: top, width: Math.max(1, barWidth - 1), height: y(0) - top, fill: PALETTE[si % PALETTE.length]! }));
    }),
  );
}

export function lines(group: SVGGElement, labels: string[], series: Series[], width: number, height: number): void {
  const { y, band } = axes(group, labels, series, width, height);
  series.forEach((s, si) => {
    const colour = PALETTE[si % PALETTE.length]!;
    const points = s.values.map((value, i) => `${M.left + band * (i + 0.5)},${y(value)}`);
    group.append(svg('polyline', { points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': 2.5 }));
    points.forEach((point) => {
      const [cx, cy] = point.split(',');
      group.append(svg('circle', { cx: cx!, cy: cy!, r: 3.5, fill: colour }));
    });
  });
}

/** The first series' share of each category, in percent to one decimal. */
export function shares(series: Series[]): number[] {
  const values = (series[0]?.values ?? []).map((v) => Math.max(0, v));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  return values.map((value) => (value / total) * 100);
}

/** The first series, one slice per category, centred (its legend is the figure's, index.ts). */
export function pie(group: SVGGElement, _labels: string[], series: Series[], width: number, height: number): void {
  const [cx, cy, r] = [width / 2, height / 2, height / 2 - 12];
  let angle = -Math.PI / 2;
  shares(series).forEach((share, i) => {
    const sweep = (share / 100) * Math.PI * 2;
    const colour = PALETTE[i % PALETTE.length]!;
    if (sweep >= Math.PI * 2 - 1e-9) {
      group.append(svg('circle', { cx, cy, r, fill: colour }));
    } else if (sweep > 0) {
      const end = angle + sweep;
      const d = `M${cx},${cy}L${cx + r * Math.cos(angle)},${cy + r * Math.sin(angle)}A${r},${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${cx + r * Math.cos(end)},${cy + r * Math.sin(end)}Z`;
      group.append(svg('path', { d, fill: colour, stroke: '#fff', 'stroke-width': 1 }));
    }
    angle += sweep;
  });
}
