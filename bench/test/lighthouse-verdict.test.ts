import { describe, expect, it } from 'vitest';
import type { LighthouseResult } from '../lighthouse';
import { renderResults, verdicts } from '../report';

const TARGET = 'Lighthouse within 1 point and TBT within 10 ms of the page without the runtime (simulated throttling)';
const DEVTOOLS = 'Lighthouse within 1 point and TBT within 10 ms of the page without the runtime (devtools throttling)';
const scores = (score: number, tbtMs: number) => ({ score, tbtMs, lcpMs: 1000, cls: 0 });
const forbidden = {
  score: 0,
  tbtMs: null as unknown as number,
  lcpMs: null as unknown as number,
  cls: null as unknown as number,
  error: 'ERRORED_DOCUMENT_REQUEST: Lighthouse was unable to reliably load the page you requested. (Status code: 403)',
};
const results = (lighthouse: LighthouseResult[]) => ({ date: '2026-11-23T00:00:00Z', machine: 'test', lighthouse });

describe('the Lighthouse target', () => {
  it('judges the pages Lighthouse scored, and lists a page it could not score with the reason', () => {
    const members: LighthouseResult = { page: '/members', with: forbidden, without: forbidden };
    const home: LighthouseResult = { page: '/', with: scores(99, 12), without: scores(100, 5) };
    expect(verdicts(results([home, members]))[TARGET]).toBe(true);
    expect(renderResults(results([home, members]))).toContain('| `/members` | not scored: ERRORED_DOCUMENT_REQUEST (Status code: 403) | | | |');
  });

  it('fails on a point or on more than 10 ms of blocking time', () => {
    expect(verdicts(results([{ page: '/', with: scores(98, 0), without: scores(100, 0) }]))[TARGET]).toBe(false);
    expect(verdicts(results([{ page: '/', with: scores(100, 23), without: scores(100, 0) }]))[TARGET]).toBe(false);
  });

  it('judges each throttling method on its own', () => {
    const both = results([
      { page: '/', throttling: 'simulated', with: scores(100, 0), without: scores(100, 0) },
      { page: '/', throttling: 'devtools', with: scores(97, 40), without: scores(99, 0) },
    ]);
    expect(verdicts(both)[TARGET]).toBe(true);
    expect(verdicts(both)[DEVTOOLS]).toBe(false);
    expect(renderResults(both)).toContain('## 3b. Lighthouse 12.8 (mobile, devtools throttling)');
  });
});
