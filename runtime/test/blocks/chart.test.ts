import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_COLUMNS, MAX_ROWS, MISSING_DATA, NO_COLUMN, NO_ROW, datasetFromCsv, datasetProblem, parseCsv, seriesOf, truncate } from '../../../contract/chart/dataset';
import chart, { renderChart, variantOf } from '../../src/blocks/chart/index';
import { drawingSize, valueScale } from '../../src/blocks/chart/svg';

const visits = { columns: ['Month', 'Visitors', 'Sales'], rows: [['Jan', 120, 4], ['Feb', 180, 9], ['Mar', 90, 2]] };

describe('datasets (part 2 §5)', () => {
  it.each([
    [null, NO_COLUMN],
    [{ columns: [], rows: [['a']] }, NO_COLUMN],
    [{ columns: ['a'], rows: [] }, NO_ROW],
    [{ columns: ['a', 'b'], rows: [['x']] }, MISSING_DATA],
    [{ columns: ['a', 'b'], rows: [['x', '']] }, MISSING_DATA],
    [{ columns: ['a', 'b'], rows: [['x', null]] }, MISSING_DATA],
    [visits, null],
  ])('%j → %s', (dataset, problem) => {
    expect(datasetProblem(dataset)).toBe(problem);
  });
  it('has the spec messages', () => {
    expect([NO_COLUMN, NO_ROW, MISSING_DATA]).toEqual(['Your dataset must have at least one column', 'Your dataset must have at least one row', 'One or more rows was missing data']);
  });
  it('truncates to the limits', () => {
    const wide = { columns: Array.from({ length: MAX_COLUMNS + 3 }, (_, i) => `c${i}`), rows: Array.from({ length: MAX_ROWS + 5 }, () => Array.from({ length: MAX_COLUMNS + 3 }, () => 1)) };
    const { dataset, truncated } = truncate(wide);
    expect(truncated).toBe(true);
    expect(dataset.columns).toHaveLength(MAX_COLUMNS);
    expect(dataset.rows).toHaveLength(MAX_ROWS);
    expect(dataset.rows[0]).toHaveLength(MAX_COLUMNS);
    expect(truncate(visits).truncated).toBe(false);
  });
  it('reads series; non-numbers count as 0', () => {
    expect(seriesOf({ columns: ['k', 'v'], rows: [['a', '1,200'], ['b', 'x']] })).toEqual({ labels: ['a', 'b'], series: [{ name: 'v', values: [1200, 0] }] });
  });
  it('parses CSV with quotes, commas and line breaks', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n"multi\nline",3\n\n')).toEqual([['a', 'b'], ['x, y', 'say "hi"'], ['multi\nline', '3']]);
    expect(datasetFromCsv('Month,Visitors\nJan,120\nFeb,\n')).toEqual({ columns: ['Month', 'Visitors'], rows: [['Jan', 120], ['Feb', null]] });
  });
});

describe('chart block', () => {
  it('variants by name or block variant number', () => {
    expect([variantOf('line'), variantOf(1010), variantOf(1008), variantOf('nope'), variantOf(undefined)]).toEqual(['line', 'pie', 'bar', 'bar', 'bar']);
  });

  it('steps its value axis by round numbers, five steps at most', () => {
    const scales = [0, 9, 37, 210, 1234, 0.3, 100].map(valueScale);
    expect(scales).toEqual([
      { step: 0.25, top: 1 },
      { step: 2, top: 10 },
      { step: 10, top: 40 },
      { step: 50, top: 250 }, // the demo's visitors: was 62.5 up to 250
      { step: 250, top: 1250 },
      { step: 0.1, top: 0.3 },
      { step: 20, top: 100 },
    ]);
  });

  it.each(['bar', 'line', 'pie'] as const)('draws a %s chart as a captioned image named by its description, and the table', (variant) => {
    const { figure } = renderChart(visits, variant, 'Visitors <b>2026</b>');
    const graphic = figure.querySelector('svg')!;
    expect(graphic.getAttribute('role')).toBe('img');
    expect(figure.querySelector('figcaption')!.textContent).toBe('Visitors <b>2026</b>');
    // The caption says the title; the image's name does not say it again.
    const named = graphic.getAttribute('aria-labelledby')!.split(' ').map((id) => figure.querySelector(`#${id}`)!.textContent);
    expect(named).toEqual([expect.stringContaining('3 categories')]);
    expect(named[0]).not.toContain('Visitors <b>2026</b>');
    expect(graphic.querySelector('title')).toBeNull();
    expect(figure.querySelector('b')).toBeNull();
    const shapes = { bar: 'rect', line: 'polyline', pie: 'path' }[variant];
    expect(graphic.querySelectorAll(shapes).length).toBeGreaterThan(0);
    expect([...figure.querySelectorAll('table thead th')].map((th) => th.textContent)).toEqual(['Month', 'Visitors', 'Sales']);
    expect(figure.querySelectorAll('table tbody tr')).toHaveLength(3);
  });

  it('draws for the width it has, so that its labels keep their size on a phone', () => {
    expect([drawingSize(1200), drawingSize(600), drawingSize(345), drawingSize(200)]).toEqual([[600, 320], [600, 320], [345, 184], [280, 149.33333333333334]]);
    const months = { columns: ['Month', 'Visitors'], rows: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map((m, i) => [m, i * 10]) };
    const { figure, drawAt } = renderChart(months, 'line', 'Visitors');
    const graphic = figure.querySelector('svg')!;
    const categories = () => [...graphic.querySelectorAll('text[text-anchor="middle"]')].map((t) => t.textContent);
    expect(graphic.getAttribute('viewBox')).toBe('0 0 600 320');
    expect(categories()).toHaveLength(12);
    drawAt(345);
    expect(graphic.getAttribute('viewBox')).toBe('0 0 345 184');
    expect(graphic.querySelectorAll('g')).toHaveLength(1);
    // Every other month on a phone, each cut to the room it has.
    expect(categories()).toEqual(['January', 'March', 'May', 'July', 'Septem…', 'Novemb…']);
    expect(Math.max(...[...graphic.querySelectorAll('circle')].map((c) => Number(c.getAttribute('cx'))))).toBeLessThan(345);
    drawAt(0);
    expect(graphic.getAttribute('viewBox')).toBe('0 0 345 184');
  });

  it("gives a pie's slices a legend the page can wrap", () => {
    const { figure } = renderChart(visits, 'pie', 'Visitors');
    expect([...figure.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual(['Jan (30.8%)', 'Feb (46.2%)', 'Mar (23.1%)']);
    expect(figure.querySelector('svg text')).toBeNull();
    expect(renderChart(visits, 'bar', 'Visitors').figure.querySelectorAll('.chart-legend li')).toHaveLength(2);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('draws again when the width it is given changes, and stops watching when destroyed', async () => {
    let notify: (entries: unknown[]) => void = () => {};
    const disconnect = vi.fn();
    vi.stubGlobal('ResizeObserver', class { constructor(callback: (entries: unknown[]) => void) { notify = callback; } observe() {} disconnect = disconnect; });
    const element = document.createElement('div');
    const instance = await chart.mount(element, { id: 'c', config: { dataset: visits }, page: {} as never });
    notify([{ borderBoxSize: [{ inlineSize: 390 }] }]);
    expect(element.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 390 208');
    instance.destroy();
    expect(disconnect).toHaveBeenCalled();
  });

  it('mounts, hides what was authored, and gives it back on destroy', async () => {
    const element = document.createElement('div');
    element.innerHTML = '<p>Visitors grew in February.</p>';
    const instance = await chart.mount(element, { id: 'c', config: { variant: 'line', title: 'Visitors', dataset: visits }, page: {} as never });
    expect(element.querySelector('figure.chart-line')).not.toBeNull();
    expect(element.querySelector('p')!.hidden).toBe(true);
    instance.destroy();
    expect(element.querySelector('figure')).toBeNull();
    expect(element.querySelector('p')!.hidden).toBe(false);
  });

  it('refuses a broken dataset with the spec message', async () => {
    await expect(chart.mount(document.createElement('div'), { id: 'c', config: { dataset: { columns: ['a'], rows: [] } }, page: {} as never })).rejects.toThrow(NO_ROW);
  });
});
