import { useMemo } from 'react';
import { LineChart, everyDay } from './Chart';
import { RankedTable } from './RankedTable';
import { DataSection } from './DataSection';
import { useOwnerData } from './use-owner-data';
import { METRIC_NAMES, RATING_TEXT, THRESHOLDS, metricText, rating } from './vitals';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { PerformanceAnswer } from '../../contract/api/owner-answers';
import { counted } from './counted';

type PerformanceData = PerformanceAnswer;

const CHARTED = [
  ['fcp', '#7c3aed'],
  ['lcp', '#2563eb'],
  ['ttfb', '#059669'],
] as const;

/** The core web vitals, for each page in its table. */
const PER_PAGE = ['lcp', 'inp', 'cls'] as const;

/** Web-vitals p75 per metric with its rating, per page, and the timing metrics per day. */
export function Performance({ days }: { days: number }) {
  const [state, reload] = useOwnerData<PerformanceData>(`${OWNER_PATHS.performance}?days=${days}`);
  return (
    <DataSection id="performance" title="Performance" state={state} reload={reload}>
      {(data) => <PerformanceView data={data} days={days} />}
    </DataSection>
  );
}

/** The charted metrics' p75 on every day of the range, in CHARTED's order: a gap (null) where a day has none measured. */
export function timesEveryDay({ from, to, perDay }: Pick<PerformanceData, 'from' | 'to' | 'perDay'>): { x: number[]; values: Array<Array<number | null>> } {
  const charted = CHARTED.map(([metric]) => everyDay(from, to, perDay, (d) => d.p75[metric] ?? null, null));
  return { x: charted[0]!.x, values: charted.map((metric) => metric.values) };
}

export function PerformanceView({ data, days }: { data: PerformanceData; days: number }) {
  const measuredDays = useMemo(() => [...data.perDay].sort((a, b) => a.day.localeCompare(b.day)), [data]);
  const { x, values } = useMemo(() => timesEveryDay(data), [data]);
  const series = useMemo(() => CHARTED.map(([metric, color], i) => ({ label: `${metric.toUpperCase()} p75 (ms)`, values: values[i]!, color })), [values]);
  const metrics = Object.keys(THRESHOLDS).filter((metric) => typeof data.overall[metric] === 'number');
  return (
    <>
      <p>
        {counted(data.records, 'page load')} measured in the last {days} days.
      </p>
      <RankedTable
        caption="Web vitals, 75th percentile"
        headers={['Metric', 'p75', 'Rating']}
        many="metrics"
        empty="No page loads measured in this range."
        rows={metrics.map((metric) => {
          const value = data.overall[metric]!;
          const grade = rating(metric, value)!;
          return { key: metric, cells: [<abbr title={METRIC_NAMES[metric]}>{metric.toUpperCase()}</abbr>, metricText(metric, value), <span className={`rating-${grade}`}>{RATING_TEXT[grade]}</span>] };
        })}
      />
      <RankedTable
        caption="Pages, the most measured first (p75)"
        headers={['Path', 'Loads', ...PER_PAGE.map((metric) => metric.toUpperCase())]}
        many="pages"
        empty="No page loads measured in this range."
        rows={data.perPath.map((page) => ({
          key: page.path,
          cells: [<code>{page.path}</code>, page.samples, ...PER_PAGE.map((metric) => (page.p75[metric] === undefined ? '–' : <span className="config-figure">{metricText(metric, page.p75[metric]!)}</span>))],
        }))}
      />
      <LineChart
        title="Paint and response times per day (p75)"
        x={x}
        series={series}
        yLabel="ms"
        table={
          <table>
            <caption>Paint and response times per day (p75, ms)</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                {CHARTED.map(([metric]) => (
                  <th scope="col" key={metric}>
                    {metric.toUpperCase()}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {measuredDays.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  {CHARTED.map(([metric]) => (
                    <td key={metric}>{d.p75[metric] === undefined ? '–' : Math.round(d.p75[metric]!)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </>
  );
}
