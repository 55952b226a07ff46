import { useMemo } from 'react';
import { LineChart, daySeconds, everyDay } from './Chart';
import { DataSection } from './DataSection';
import { RankedTable } from './RankedTable';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { PageViewsAnswer } from '../../contract/api/owner-answers';
import { noun } from './counted';

type PageViews = PageViewsAnswer;

/** Why the figures can be lower than the owner expects (docs/services/tracking.md, "Content blockers"). */
export const BLOCKED_VISITORS_HINT = 'Visitors whose content blocker stops page views (uBlock Origin and Brave do by default) are not counted here.';

/** Page views per day (chart and table), the most viewed paths, the referring sites and the campaigns, for the last `days` days. */
export function Traffic({ days }: { days: number }) {
  const [state, reload] = useOwnerData<PageViews>(`${OWNER_PATHS.pageviews}?days=${days}`);
  return (
    <DataSection id="traffic" title="Page views" state={state} reload={reload}>
      {(data) => <TrafficView data={data} />}
    </DataSection>
  );
}

/** Every day of the range with its views, 0 for a day without. */
export function viewsEveryDay({ from, to, perDay }: Pick<PageViews, 'from' | 'to' | 'perDay'>): { x: number[]; views: number[] } {
  const { x, values } = everyDay(from, to, perDay, (d) => d.views, 0);
  return { x, views: values };
}

export function TrafficView({ data }: { data: PageViews }) {
  const days = useMemo(() => [...data.perDay].reverse(), [data]);
  const { x, views } = useMemo(() => viewsEveryDay(data), [data]);
  const series = useMemo(() => [{ label: 'Page views', values: views, color: '#2563eb' }], [views]);
  return (
    <>
      <p>
        <strong>{data.total}</strong> {noun(data.total, 'page view')} from <strong>{data.visitors}</strong> {noun(data.visitors, 'daily visitor')}, {data.from} to {data.to}.
        {comparedText(data)}
      </p>
      <p className="config-hint">{BLOCKED_VISITORS_HINT}</p>
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
      <RankedTable caption="Top paths" headers={['Path', 'Views']} many="paths" empty="No page views in this range." rows={data.perPath.map((p) => ({ key: p.path, cells: [<code>{p.path}</code>, p.views] }))} />
      <RankedTable
        caption="Where visitors came from"
        headers={['Site', 'Views']}
        many="sites"
        empty="No page views came from another site in this range."
        rows={data.referrers.map((r) => ({ key: r.referrer, cells: [siteName(r.referrer), r.views] }))}
      />
      <RankedTable
        caption="Campaigns"
        headers={['Source', 'Channel', 'Campaign', 'Visits']}
        many="campaigns"
        empty="No visit came from a campaign in this range (a link with ?source= or ?utm_source=)."
        rows={data.campaigns.map((c) => ({ key: `${c.source}\n${c.channel}\n${c.campaign}`, cells: [c.source || '(none)', c.channel || '(none)', c.campaign || '(none)', c.landings] }))}
      />
    </>
  );
}

/** ` Up 12% on the 30 days before (446).`: the range's views beside as many days before it; nothing when neither had any. */
export function comparedText({ total, previous }: Pick<PageViews, 'total' | 'previous'>): string {
  const days = Math.round((daySeconds(previous.to) - daySeconds(previous.from)) / 86_400) + 1;
  const before = `the ${days === 1 ? 'day' : `${days} days`} before`;
  if (previous.total === 0) return total ? ` None in ${before}.` : '';
  const change = Math.round(((total - previous.total) / previous.total) * 100);
  return change === 0 ? ` About as many as in ${before} (${previous.total}).` : ` ${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)}% on ${before} (${previous.total}).`;
}

/** A referring site as the owner knows it: its host for a web site (`www.example.com`), else as it came (`android-app://…`). */
export const siteName = (origin: string): string => origin.replace(/^https?:\/\//, '');
