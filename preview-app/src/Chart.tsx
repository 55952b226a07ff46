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
    // The chart library loads after the tables: an owner on a slow network reads the numbers first.
    import('uplot')
      .then(({ default: UPlot }) => {
        if (!live) return;
        plot = new UPlot(
          {
            width: width(),
            height: 180,
            legend: { show: series.length > 1 },
            // At least a week wide, so that one day of data is a point in a week, not a lone dot in years.
            scales: { x: { time: true, range: (_u, min, max) => [Math.min(min, max - WEEK_S), max + DAY_S / 2] } },
            axes: [{}, { label: yLabel, size: 56 }],
            series: [{}, ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: x.length < 40 } }))],
          },
          [x, ...series.map((s) => s.values)] as uPlot.AlignedData,
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
