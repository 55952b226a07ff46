import { useMemo } from 'react';
import { LineChart, daySeconds } from './Chart';
import { DataSection } from './DataSection';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { PageViewsAnswer } from '../../contract/api/owner-answers';

type PageViews = PageViewsAnswer;

/** Page views per day (chart and table) and the most viewed paths. */
export function Traffic() {
  const [state, reload] = useOwnerData<PageViews>(OWNER_PATHS.pageviews);
  return (
    <DataSection id="traffic" title="Page views" state={state} reload={reload}>
      {(data) => <TrafficView data={data} />}
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
        <strong>{data.total}</strong> page views from <strong>{data.visitors}</strong> visitors.
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
