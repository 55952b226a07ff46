import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { comparedText, siteName, TrafficView, viewsEveryDay } from '../src/Traffic';
import { RANKED_SHOWN } from '../src/RankedTable';
import { daySeconds } from '../src/Chart';
import type { PageViewsAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const answer = (paths: number, sites: string[], campaigns: PageViewsAnswer['campaigns'] = []): PageViewsAnswer => ({
  from: '2026-11-01',
  to: '2026-11-30',
  total: 500,
  visitors: 40,
  perDay: [{ day: '2026-11-30', views: 500 }],
  perPath: Array.from({ length: paths }, (_, i) => ({ path: `/page-${i + 1}`, views: 200 - i })),
  referrers: sites.map((referrer, i) => ({ referrer, views: 30 - i })),
  campaigns,
  previous: { from: '2026-10-02', to: '2026-10-31', total: 400, visitors: 35 },
});

const table = (caption: string) => [...view.container.querySelectorAll('table')].find((t) => t.querySelector('caption')?.textContent === caption)!;
const names = (caption: string) => [...table(caption).querySelectorAll('tbody th')].map((cell) => cell.textContent);
const cells = (caption: string) => [...table(caption).querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));
const toggle = (label: RegExp) => [...view.container.querySelectorAll('button')].find((button) => label.test(button.textContent ?? ''));

describe('Page views', () => {
  it(`shows the top ${RANKED_SHOWN} paths and sites, and the rest on asking; the button says which it shows`, async () => {
    const sites = Array.from({ length: 12 }, (_, i) => `https://site-${i + 1}.example`);
    await act(async () => view.root.render(<TrafficView data={answer(23, sites)} />));
    expect(names('Top paths')).toEqual(Array.from({ length: RANKED_SHOWN }, (_, i) => `/page-${i + 1}`));
    expect(names('Where visitors came from')).toEqual(sites.slice(0, RANKED_SHOWN).map((site) => site.slice('https://'.length)));

    const morePaths = toggle(/^Show all 23 paths$/)!;
    expect(morePaths.getAttribute('aria-expanded')).toBe('false');
    expect(morePaths.getAttribute('aria-controls')).toBe(table('Top paths').id);
    await act(async () => morePaths.click());
    expect(names('Top paths')).toHaveLength(23);
    expect(morePaths.textContent).toBe(`Show the top ${RANKED_SHOWN}`);
    expect(morePaths.getAttribute('aria-expanded')).toBe('true');
    // The other table keeps its own state.
    expect(names('Where visitors came from')).toHaveLength(RANKED_SHOWN);
    await act(async () => toggle(/^Show all 12 sites$/)!.click());
    expect(names('Where visitors came from')).toHaveLength(12);
    await act(async () => morePaths.click());
    expect(names('Top paths')).toHaveLength(RANKED_SHOWN);
  });

  it('offers no button when all fit, and says when no view came from another site', async () => {
    await act(async () => view.root.render(<TrafficView data={answer(3, [])} />));
    expect(names('Top paths')).toEqual(['/page-1', '/page-2', '/page-3']);
    expect(toggle(/^Show/)).toBeUndefined();
    expect(table('Where visitors came from').querySelector('tbody')!.textContent).toBe('No page views came from another site in this range.');
  });

  it('lists the campaigns visits came from, by source, channel and campaign, "(none)" for one not given', async () => {
    const campaigns = [
      { source: 'newsletter', channel: 'email', campaign: 'december', landings: 12 },
      { source: 'newsletter', channel: '', campaign: 'december', landings: 4 },
      { source: 'social', channel: 'social', campaign: '', landings: 3 },
    ];
    await act(async () => view.root.render(<TrafficView data={answer(1, [], campaigns)} />));
    expect([...table('Campaigns').querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(['Source', 'Channel', 'Campaign', 'Visits']);
    expect(cells('Campaigns')).toEqual([
      ['newsletter', 'email', 'december', '12'],
      ['newsletter', '(none)', 'december', '4'],
      ['social', 'social', '(none)', '3'],
    ]);
    await act(async () => view.root.render(<TrafficView data={answer(1, [])} />));
    expect(cells('Campaigns')).toEqual([['No visit came from a campaign in this range (a link with ?source= or ?utm_source=).']]);
  });

  it('compares the views with as many days before the range, and says whom they leave out', async () => {
    const before = (total: number, from = '2026-10-02', to = '2026-10-31') => ({ from, to, total, visitors: 0 });
    expect(comparedText({ total: 500, previous: before(400) })).toBe(' Up 25% on the 30 days before (400).');
    expect(comparedText({ total: 300, previous: before(400) })).toBe(' Down 25% on the 30 days before (400).');
    expect(comparedText({ total: 401, previous: before(400) })).toBe(' About as many as in the 30 days before (400).');
    expect(comparedText({ total: 7, previous: before(0, '2026-10-31', '2026-10-31') })).toBe(' None in the day before.');
    expect(comparedText({ total: 0, previous: before(0) })).toBe('');
    await act(async () => view.root.render(<TrafficView data={answer(1, [])} />));
    expect(view.container.querySelector('p')!.textContent).toBe('500 page views from 40 daily visitors, 2026-11-01 to 2026-11-30. Up 25% on the 30 days before (400).');
    // What the figures leave out, under them.
    expect(view.container.querySelector('p + p.config-hint')!.textContent).toBe('Visitors whose content blocker stops page views (uBlock Origin and Brave do by default) are not counted here.');
  });

  it('charts every day of the range, a day without views at 0', () => {
    const { x, views } = viewsEveryDay({ from: '2026-11-27', to: '2026-12-01', perDay: [{ day: '2026-12-01', views: 4 }, { day: '2026-11-28', views: 2 }] });
    expect(x).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01'].map(daySeconds));
    expect(views).toEqual([0, 2, 0, 0, 4]);
    // Never more than 400 days, whatever it is given.
    expect(viewsEveryDay({ from: '1990-01-01', to: '2026-12-01', perDay: [] }).x).toHaveLength(400);
  });

  it("names a web site by its host, an app's referrer as it came", () => {
    expect(siteName('https://www.example.com')).toBe('www.example.com');
    expect(siteName('http://example.org:8080')).toBe('example.org:8080');
    expect(siteName('android-app://com.example.mail')).toBe('android-app://com.example.mail');
  });
});
