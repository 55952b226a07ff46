import { useId, useMemo, useState } from 'react';
import { LineChart, daySeconds } from './Chart';
import { DataSection } from './DataSection';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { PageViewsAnswer } from '../../contract/api/owner-answers';
import { noun } from './counted';

type PageViews = PageViewsAnswer;

/** The ranges the owner picks from: the last n days, today included, as the site's time zone has them (the server knows it). */
export const TRAFFIC_RANGES = [7, 30, 90, 365] as const;

/** Page views per day (chart and table) and the most viewed paths, for the last 7 to 365 days. */
export function Traffic() {
  const [days, setDays] = useState<number>(30);
  const [state, reload] = useOwnerData<PageViews>(`${OWNER_PATHS.pageviews}?days=${days}`);
  const rangeId = useId();
  return (
    <DataSection id="traffic" title="Page views" state={state} reload={reload}>
      {(data) => (
        <>
          <p>
            <label htmlFor={rangeId}>Range </label>
            <select id={rangeId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {TRAFFIC_RANGES.map((n) => (
                <option key={n} value={n}>
                  Last {n} days
                </option>
              ))}
            </select>
          </p>
          <TrafficView data={data} />
        </>
      )}
    </DataSection>
  );
}

function TrafficView({ data }: { data: PageViews }) {
  const days = useMemo(() => [...data.perDay].reverse(), [data]);
  const x = useMemo(() => days.map((d) => daySeconds(d.day)), [days]);
  const series = useMemo(() => [{ label: 'Page views', values: days.map((d) => d.views), color: '#2563eb' }], [days]);
  return (
    <>
      <p>
        <strong>{data.total}</strong> {noun(data.total, 'page view')} from <strong>{data.visitors}</strong> {noun(data.visitors, 'daily visitor')}, {data.from} to {data.to}.
      </p>
      <LineChart
        title="Page views per day"
        x={x}
        series={series}
        table={
          <table>
            <caption>Page views per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td>{d.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
      <table className="config-table">
        <caption>Top paths</caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Views</th>
          </tr>
        </thead>
        <tbody>
          {data.perPath.slice(0, 10).map((p) => (
            <tr key={p.path}>
              <th scope="row">
                <code>{p.path}</code>
              </th>
              <td>{p.views}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
