/**
 * The chart block (spec part 2 §3: chart bar/line/pie): an SVG chart from a dataset in the
 * block JSON, or from the site by `datasetId`, with its title, a description and the numbers
 * as a table for everyone who cannot see the drawing.
 *
 * `{"variant": "bar", "title": "Visitors", "dataset": {"columns": ["Month", "Visitors"], "rows": [["Jan", 120]]}}`
 */
import type { BlockModule } from '../../core/types';
import { request } from '../../net/request';
import { fill, texts } from '../../platform/strings';
import { datasetProblem, seriesOf, truncate, type Dataset } from '../../../../contract/chart/dataset';
import { watchWidth } from '../../platform/size';
import { PALETTE, WIDTH, bars, drawingSize, lines, pie, shares, svg } from './svg';

export const VARIANTS = { bar: bars, line: lines, pie } as const;
type Variant = keyof typeof VARIANTS;
/** Part 2 §3: block variants 1008–1010 are chart bar, line and pie. */
const NUMBERED: Record<number, Variant> = { 1008: 'bar', 1009: 'line', 1010: 'pie' };

/** The block's words (platform/strings.ts). */
export const chartWords = texts('chart', {
  title: 'Chart',
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
  description: '{chart} of {names} for {count}. The table below has the numbers.',
  category: '{n} category',
  categories: '{n} categories',
  dataTable: 'Data table',
});

let counter = 0;

export function variantOf(value: unknown): Variant {
  if (typeof value === 'number' && NUMBERED[value]) return NUMBERED[value]!;
  return typeof value === 'string' && value in VARIANTS ? (value as Variant) : 'bar';
}

async function datasetOf(config: Record<string, unknown>): Promise<Dataset> {
  if (config.dataset !== undefined) return config.dataset as Dataset;
  const id = config.datasetId;
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id)) throw new Error('A chart block needs a dataset or a datasetId.');
  const answer = await request<{ dataset: Dataset }>(`/api/datasets/${encodeURIComponent(id)}`, { onFailure: () => undefined });
  return answer.dataset;
}

export interface Chart {
  figure: HTMLElement;
  /** Draws the chart again for a container `width` px wide, when that changes its drawing size. */
  drawAt(width: number): void;
}

/** The chart's figure: its caption (the title), the SVG (an image named by its description), its legend and the data table. */
export function renderChart(dataset: Dataset, variant: Variant, title: string): Chart {
  const { labels, series } = seriesOf(dataset);
  const id = `chart-${++counter}`;
  const names = variant === 'pie' ? (series[0]?.name ?? '') : series.map((s) => s.name).join(', ');
  // Named by what it shows: the figure's caption, just before it, already says its title.
  const graphic = svg('svg', { role: 'img', 'aria-labelledby': `${id}-desc`, class: 'chart-svg' });
  const words = chartWords();
  const count = fill(labels.length === 1 ? words.category : words.categories, { n: labels.length });
  graphic.append(svg('desc', { id: `${id}-desc` }, fill(words.description, { chart: words[variant], names, count })));
  let plot = svg('g');
  let drawn = '';
  const drawAt = (width: number) => {
    const [w, h] = drawingSize(width);
    if (!(width > 0) || drawn === `${w} ${h}`) return;
    drawn = `${w} ${h}`;
    graphic.setAttribute('viewBox', `0 0 ${drawn}`);
    const next = svg('g', { 'aria-hidden': 'true' });
    VARIANTS[variant](next, labels, series, w, h);
    plot.replaceWith(next);
    plot = next;
  };
  graphic.append(plot);
  drawAt(WIDTH);

  const figure = document.createElement('figure');
  figure.className = `chart chart-${variant}`;
  const caption = document.createElement('figcaption');
  caption.textContent = title;
  figure.append(caption, graphic);
  // A legend of slices for a pie, of series when there are several; HTML, so that it wraps.
  const pieShares = shares(series);
  const entries = variant === 'pie' ? labels.slice(0, 12).map((label, i) => `${label} (${Math.round(pieShares[i]! * 10) / 10}%)`) : series.length > 1 ? series.map((s) => s.name) : [];
  if (entries.length) {
    const legend = document.createElement('ul');
    legend.className = 'chart-legend';
    entries.forEach((entry, i) => {
      const item = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.style.cssText = `display:inline-block;width:.8em;height:.8em;margin-inline-end:.3em;background:${PALETTE[i % PALETTE.length]}`;
      item.append(swatch, entry);
      legend.append(item);
    });
    figure.append(legend);
  }
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = words.dataTable;
  const table = document.createElement('table');
  const tableCaption = table.createCaption();
  tableCaption.textContent = title;
  const head = table.createTHead().insertRow();
  for (const column of dataset.columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of dataset.rows) {
    const tr = body.insertRow();
    row.forEach((cell, i) => {
      const td = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) (td as HTMLTableCellElement).scope = 'row';
      td.textContent = cell === null ? '' : String(cell);
      tr.append(td);
    });
  }
  details.append(summary, table);
  figure.append(details);
  return { figure, drawAt };
}

const chart: BlockModule = {
  // Defaults for the markup it makes, shared with the other blocks that have no stylesheet of their own.
  stylesheet: 'blocks.css',
  async mount(element, { config }) {
    const raw = await datasetOf(config);
    const problem = datasetProblem(raw);
    if (problem) throw new Error(problem);
    const { dataset } = truncate(raw);
    const { figure, drawAt } = renderChart(dataset, variantOf(config.variant), typeof config.title === 'string' && config.title.trim() ? config.title : chartWords().title);
    const authored = Array.from(element.children) as HTMLElement[];
    authored.forEach((child) => (child.hidden = true));
    element.append(figure);
    // The first notice comes before the first paint of the figure, so the redraw moves nothing.
    const unwatch = watchWidth(figure.querySelector('svg')!, drawAt);
    return {
      destroy() {
        unwatch();
        figure.remove();
        authored.forEach((child) => (child.hidden = false));
      },
    };
  },
};
export default chart;
