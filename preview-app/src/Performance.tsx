import { useMemo } from 'react';
import { LineChart, daySeconds } from './Chart';
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

/** Web-vitals p75 per metric with its rating, and the timing metrics per day. */
export function Performance({ days }: { days: number }) {
  const [state, reload] = useOwnerData<PerformanceData>(`${OWNER_PATHS.performance}?days=${days}`);
  return (
    <DataSection id="performance" title="Performance" state={state} reload={reload}>
      {(data) => <PerformanceView data={data} days={days} />}
    </DataSection>
  );
}

function PerformanceView({ data, days: rangeDays }: { data: PerformanceData; days: number }) {
  const days = useMemo(() => [...data.perDay].sort((a, b) => a.day.localeCompare(b.day)), [data]);
  const x = useMemo(() => days.map((d) => daySeconds(d.day)), [days]);
  const series = useMemo(() => CHARTED.map(([metric, color]) => ({ label: `${metric.toUpperCase()} p75 (ms)`, values: days.map((d) => d.p75[metric] ?? null), color })), [days]);
  const metrics = Object.keys(THRESHOLDS).filter((metric) => typeof data.overall[metric] === 'number');
  return (
    <>
      <p>
        {counted(data.records, 'page load')} measured in the last {rangeDays} days.
      </p>
      <table className="config-table">
        <caption>Web vitals, 75th percentile</caption>
        <thead>
          <tr>
            <th scope="col">Metric</th>
            <th scope="col">p75</th>
            <th scope="col">Rating</th>
          </tr>
        </thead>
        <tbody>
          {metrics.map((metric) => {
            const value = data.overall[metric]!;
            const grade = rating(metric, value)!;
            return (
              <tr key={metric}>
                <th scope="row">
                  <abbr title={METRIC_NAMES[metric]}>{metric.toUpperCase()}</abbr>
                </th>
                <td>{metricText(metric, value)}</td>
                <td className={`rating rating-${grade}`}>{RATING_TEXT[grade]}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
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
              {days.map((d) => (
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
