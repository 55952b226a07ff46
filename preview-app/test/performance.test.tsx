import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { PerformanceView, timesEveryDay } from '../src/Performance';
import { RANKED_SHOWN } from '../src/RankedTable';
import { daySeconds } from '../src/Chart';
import type { PerformanceAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const answer = (pages: number): PerformanceAnswer => ({
  from: '2026-11-01',
  to: '2026-11-30',
  records: 40,
  overall: { lcp: 2_100, inp: 120, cls: 0.05 },
  perPath: Array.from({ length: pages }, (_, i) => ({ path: `/page-${i + 1}`, samples: 30 - i, p75: (i === 0 ? { lcp: 4_512.4, cls: 0.3 } : { lcp: 900, inp: 80, cls: 0 }) as Record<string, number> })),
  perDay: [{ day: '2026-11-30', p75: { lcp: 2_100 }, samples: 40 }],
});

const table = (caption: RegExp) => [...view.container.querySelectorAll('table')].find((t) => caption.test(t.querySelector('caption')?.textContent ?? ''))!;
const cells = (caption: RegExp) => [...table(caption).querySelectorAll('tbody tr')].map((row) => [...row.children].map((cell) => cell.textContent));

describe('Performance', () => {
  it(`shows each page's loads and core web vitals (p75), the most measured first, ${RANKED_SHOWN} until the owner asks for the rest`, async () => {
    await act(async () => view.root.render(<PerformanceView data={answer(12)} days={30} />));
    const pages = /^Pages, the most measured first/;
    expect([...table(pages).querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual(['Path', 'Loads', 'LCP', 'INP', 'CLS']);
    expect(cells(pages)).toHaveLength(RANKED_SHOWN);
    // A metric not measured on a page is a dash.
    expect(cells(pages)[0]).toEqual(['/page-1', '30', '4.51 s', '–', '0.300']);
    expect(cells(pages)[1]).toEqual(['/page-2', '29', '900 ms', '80 ms', '0.000']);
    const more = [...view.container.querySelectorAll('button')].find((button) => button.textContent === 'Show all 12 pages')!;
    await act(async () => more.click());
    expect(cells(pages)).toHaveLength(12);
  });

  it('says so when no page load was measured', async () => {
    await act(async () => view.root.render(<PerformanceView data={{ ...answer(0), records: 0, overall: {}, perDay: [] }} days={7} />));
    expect(view.container.textContent).toContain('0 page loads measured in the last 7 days.');
    expect(cells(/^Pages/)).toEqual([['No page loads measured in this range.']]);
  });

  it('charts every day of the range, a gap (not a line straight across) for a day without loads', () => {
    const { x, values } = timesEveryDay({ from: '2026-11-27', to: '2026-11-30', perDay: [{ day: '2026-11-30', p75: { fcp: 800, lcp: 1_500 }, samples: 2 }, { day: '2026-11-27', p75: { fcp: 700, lcp: 1_200, ttfb: 90 }, samples: 1 }] });
    expect(x).toEqual(['2026-11-27', '2026-11-28', '2026-11-29', '2026-11-30'].map(daySeconds));
    // FCP, LCP, TTFB.
    expect(values).toEqual([
      [700, null, null, 800],
      [1_200, null, null, 1_500],
      [90, null, null, null],
    ]);
  });
});
