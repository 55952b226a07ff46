/**
 * Draws bar, line and pie charts as SVG elements (no innerHTML: labels are visitor-visible text
 * from the dataset). Sizes are in viewBox units; the SVG scales with its container.
 */
import { pageLanguage } from '../../platform/strings';
import type { Series } from '../../../../contract/chart/dataset';

const NS = 'http://www.w3.org/2000/svg';
export const WIDTH = 600;
export const HEIGHT = 320;
const M = { top: 16, right: 16, bottom: 44, left: 52 };
/** Okabe–Ito: told apart with every common colour vision deficiency. */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#8C6D1F', '#000000'];

type Attributes = Record<string, string | number>;

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, attributes: Attributes = {}, text?: string): SVGElementTagNameMap[K] {
  const node = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A round top for the value axis: 0–9 → 10, 37 → 40, 1234 → 1500. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  const scaled = max / step;
  const nice = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((n) => n >= scaled)!;
  return nice * step;
}

// The spec's US-English form on an English page, the page language's elsewhere.
const format = (value: number) =>
  !/^en\b/i.test(pageLanguage()) ? (Math.round(value * 100) / 100).toLocaleString(pageLanguage()) : Math.abs(value) >= 1000 ? value.toLocaleString('en-US') : String(Math.round(value * 100) / 100);

/** Value grid, axis labels and category labels; answers the plot's scales. */
function axes(group: SVGGElement, labels: string[], series: Series[]) {
  const top = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotWidth = WIDTH - M.left - M.right;
  const plotHeight = HEIGHT - M.top - M.bottom;
  const y = (value: number) => M.top + plotHeight - (Math.max(0, value) / top) * plotHeight;
  for (let i = 0; i <= 4; i++) {
    const value = (top / 4) * i;
    group.append(
      svg('line', { x1: M.left, x2: WIDTH - M.right, y1: y(value), y2: y(value), stroke: '#ddd' }),
      svg('text', { x: M.left - 6, y: y(value) + 4, 'text-anchor': 'end', 'font-size': 11, fill: '#444' }, format(value)),
    );
  }
  const band = plotWidth / Math.max(1, labels.length);
  const every = Math.ceil(labels.length / 12);
  labels.forEach((label, i) => {
    if (i % every) return;
    group.append(svg('text', { x: M.left + band * (i + 0.5), y: HEIGHT - M.bottom + 16, 'text-anchor': 'middle', 'font-size': 11, fill: '#444' }, label.length > 14 ? `${label.slice(0, 13)}…` : label));
  });
  return { y, band, plotHeight };
}

export function bars(group: SVGGElement, labels: string[], series: Series[]): void {
  const { y, band } = axes(group, labels, series);
  const width = (band * 0.8) / Math.max(1, series.length);
  series.forEach((s, si) =>
    s.values.forEach((value, i) => {
      const top = y(value);
      group.append(svg('rect', { x: M.left + band * i + band * 0.1 + width * si, y: top, width: Math.max(1, width - 1), height: y(0) - top, fill: PALETTE[si % PALETTE.length]! }));
    }),
  );
}

export function lines(group: SVGGElement, labels: string[], series: Series[]): void {
  const { y, band } = axes(group, labels, series);
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

/** The first series, one slice per category. */
export function pie(group: SVGGElement, labels: string[], series: Series[]): void {
  const values = (series[0]?.values ?? []).map((v) => Math.max(0, v));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  const [cx, cy, r] = [HEIGHT / 2, HEIGHT / 2, HEIGHT / 2 - 12];
  let angle = -Math.PI / 2;
  values.forEach((value, i) => {
    const sweep = (value / total) * Math.PI * 2;
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
  labels.slice(0, 12).forEach((label, i) => {
    const top = 24 + i * 22;
    group.append(
      svg('rect', { x: HEIGHT + 20, y: top - 11, width: 14, height: 14, fill: PALETTE[i % PALETTE.length]! }),
      svg('text', { x: HEIGHT + 40, y: top, 'font-size': 13, fill: '#222' }, `${label} (${Math.round((values[i]! / total) * 1000) / 10}%)`),
    );
  });
}
