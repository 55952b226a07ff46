import { useEffect, useRef, type ReactNode } from 'react';
import type uPlot from 'uplot';

const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;

export interface Series {
  label: string;
  values: Array<number | null>;
  color: string;
}

interface Props {
  title: string;
  /** Unix seconds, ascending. */
  x: number[];
  series: Series[];
  /** The same numbers as a table, for screen readers (the canvas is hidden from them). */
  table: ReactNode;
  yLabel?: string;
}

/**
 * The chart's x values and series, padded with empty points so that the time axis spans at
 * least a week and half a day past the last point. uPlot takes its x range from the first and
 * last x (a range function is not asked when there is data), and for a single point it spans
 * 86,400,000 x units, which with seconds is about 2.7 years: one day of data was a dot at the
 * edge of an axis labelled 2027, 2028, 2029. Empty (null) points draw nothing, and a
 * double-click that resets a zoom comes back to the same range.
 */
export function paddedTimeline(x: number[], series: Series[]): { x: number[]; values: Array<Array<number | null>> } {
  if (x.length === 0) return { x, values: series.map((s) => s.values) };
  const first = x[0]!;
  const last = x[x.length - 1]!;
  const start = last - WEEK_S;
  const before = start < first;
  return {
    x: [...(before ? [start] : []), ...x, last + DAY_S / 2],
    values: series.map((s) => [...(before ? [null] : []), ...s.values, null]),
  };
}

let chartLibrary: Promise<{ default: typeof uPlot }> | null = null;
/** The chart library, asked for once for every chart on the panel, and again after a failed load. */
const loadChartLibrary = () =>
  (chartLibrary ??= import('uplot').catch((error: unknown) => {
    chartLibrary = null;
    throw error;
  }));

/** A line chart drawn by uPlot, resized with its container, with its data table beside it. */
export function LineChart({ title, x, series, table, yLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || x.length === 0) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let live = true;
    const width = () => Math.max(200, element.clientWidth || 300);
    const padded = paddedTimeline(x, series);
    // The chart library loads after the tables: an owner on a slow network reads the numbers first.
    loadChartLibrary()
      .then(({ default: UPlot }) => {
        if (!live) return;
        plot = new UPlot(
          {
            width: width(),
            height: 180,
            legend: { show: series.length > 1 },
            scales: { x: { time: true } },
            // The days are the site's calendar days, written as midnight UTC; uPlot labels in the
            // browser's zone, where west of Greenwich each point sat under the day before.
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
            axes: [{}, { label: yLabel, size: 56 }],
            series: [{ label: 'Day', value: '{YYYY}-{MM}-{DD}' }, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: x.length < 40 } }))],
          },
          [padded.x, ...padded.values] as uPlot.AlignedData,
          element,
        );
        observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => plot?.setSize({ width: width(), height: 180 })) : null;
        observer?.observe(element);
      })
      .catch(() => {
        /* no chart library or no canvas: the table still holds the numbers */
      });
    return () => {
      live = false;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, series, yLabel]);
  return (
    <figure className="config-chart">
      <figcaption>{title}</figcaption>
      {x.length === 0 ? <p>No data yet.</p> : <div ref={box} className="config-chart-canvas" aria-hidden="true" />}
      <div className="sr-only">{table}</div>
    </figure>
  );
}

/** `2026-11-22` → Unix seconds at midnight UTC. */
export const daySeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/**
 * Every day of the range (at most 400) with its value, `missing` for a day without one: a day
 * with nothing is a point at 0 (or a gap, for null), where a line straight over it would draw
 * what was not there.
 */
export function everyDay<T extends { day: string }, V extends number | null>(from: string, to: string, perDay: T[], valueOf: (entry: T) => V, missing: V): { x: number[]; values: V[] } {
  const byDay = new Map(perDay.map((entry) => [daySeconds(entry.day), valueOf(entry)]));
  const x: number[] = [];
  for (let day = daySeconds(from), last = daySeconds(to); day <= last && x.length < 400; day += 86_400) x.push(day);
  return { x, values: x.map((day) => (byDay.has(day) ? byDay.get(day)! : missing)) };
}

