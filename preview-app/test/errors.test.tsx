import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactRoot } from './react-root';
import { Errors } from '../src/Errors';
import type { ErrorReportAnswer, ErrorsAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const groups: ErrorsAnswer = {
  from: '2026-11-01',
  to: '2026-11-30',
  errors: [
    { message: 'TypeError: detail is undefined', count: 5, reports: 2, lastSeen: '2026-11-29T10:00:00Z', latestReport: 41 },
    { message: 'Old error', count: 1, reports: 1, lastSeen: '2026-09-01T10:00:00Z', latestReport: null },
  ],
};
const report: ErrorReportAnswer = {
  id: 41,
  message: 'TypeError: detail is undefined',
  at: '2026-11-29T10:00:00Z',
  count: 1,
  source: 'https://site.example/theme.js',
  line: 12,
  column: 7,
  stack: 'TypeError: detail is undefined\n    at open (theme.js:12:7)',
  page: 'https://site.example/gallery',
  browser: 'Mozilla/5.0 (Tessera test)',
};

/** The owner API as the app calls it (fetch), answering from these. */
function serve(answers: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    asked.push(path);
    const answer = answers[path] ?? { status: 404, body: { error: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  return asked;
}
afterEach(() => void vi.unstubAllGlobals());

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const toggle = () => view.container.querySelector<HTMLButtonElement>('tbody button')!;

describe('JavaScript errors', () => {
  it("opens a message's latest report on asking: when, the page, where, the browser, the stack; and closes it", async () => {
    const asked = serve({ '/api/owner/errors': { status: 200, body: groups }, '/api/owner/errors/41': { status: 200, body: report } });
    await act(async () => view.root.render(<Errors days={30} />));
    await settle();
    // Only the message that still has a report offers one.
    expect([...view.container.querySelectorAll('tbody button')].map((button) => button.textContent)).toEqual(['Latest report']);
    expect(asked).toEqual(['/api/owner/errors']);
    expect(toggle().getAttribute('aria-expanded')).toBe('false');

    await act(async () => toggle().click());
    await settle();
    expect(asked).toEqual(['/api/owner/errors', '/api/owner/errors/41']);
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    const details = view.container.querySelector(`#${toggle().getAttribute('aria-controls')}`)!;
    const terms = [...details.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling!.textContent]);
    expect(terms).toEqual([
      ['Reported', new Date('2026-11-29T10:00:00Z').toLocaleString()],
      ['Page', 'https://site.example/gallery'],
      ['Where', 'https://site.example/theme.js, line 12, column 7'],
      ['Browser', 'Mozilla/5.0 (Tessera test)'],
      ['Stack', report.stack],
    ]);
    expect(details.querySelector('pre')!.textContent).toBe(report.stack);

    await act(async () => toggle().click());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(view.container.querySelector('dl')).toBeNull();
  });

  it('says so when the report is no longer kept, with Try again', async () => {
    serve({ '/api/owner/errors': { status: 200, body: groups }, '/api/owner/errors/41': { status: 404, body: { error: 'That report is no longer kept: reports go after RETENTION_DAYS, their counts stay.' } } });
    await act(async () => view.root.render(<Errors days={30} />));
    await settle();
    await act(async () => toggle().click());
    await settle();
    const alert = view.container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Unable to load the report: That report is no longer kept');
    expect(alert.querySelector('button')!.textContent).toBe('Try again');
  });
});
