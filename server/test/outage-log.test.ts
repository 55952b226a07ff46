/** The outage log: one whole line per reason per window, the rest counted in one line as it ends. */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutageLog, OUTAGE_LOG_WINDOW_MS } from '../src/plugins/outage-log';

const logger = () => {
  const lines: Array<[Record<string, unknown>, string]> = [];
  const log = { error: (fields: Record<string, unknown>, message: string) => lines.push([fields, message]) } as unknown as FastifyBaseLogger;
  return { log, lines };
};
const request = (log: FastifyBaseLogger, id: string) => ({ id, log: { error: (fields: Record<string, unknown>, message: string) => log.error({ ...fields, reqId: id }, message) } }) as unknown as FastifyRequest;

afterEach(() => {
  vi.useRealTimers();
});

describe('the outage log', () => {
  it('logs the first refusal whole, counts the rest of the minute, and says how many as it ends', () => {
    vi.useFakeTimers();
    const { log, lines } = logger();
    const outages = createOutageLog(log);
    const down = 'The database is unavailable: answered 503 (see /readyz).';
    const full = "The database's disk is full: answered 503.";
    outages.tell(request(log, 'r1'), down, { code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED' });
    for (let i = 0; i < 1_499; i += 1) outages.tell(request(log, `r${i + 2}`), down, { code: i % 2 ? '57P01' : 'ECONNREFUSED', reason: '…' });
    outages.tell(request(log, 'f1'), full, { code: '53100', reason: 'could not extend file' });
    expect(lines).toEqual([
      [{ code: 'ECONNREFUSED', reason: 'connect ECONNREFUSED', reqId: 'r1' }, down],
      [{ code: '53100', reason: 'could not extend file', reqId: 'f1' }, full],
    ]);
    vi.advanceTimersByTime(OUTAGE_LOG_WINDOW_MS);
    // The disk-full window had no more: nothing more is said for it.
    expect(lines.slice(2)).toEqual([[{ codes: ['ECONNREFUSED', '57P01'], count: 1_499 }, `1,499 more requests since: ${down}`]]);
    outages.tell(request(log, 'r9'), down, { code: 'ECONNREFUSED', reason: 'again' });
    expect(lines.at(-1)).toEqual([{ code: 'ECONNREFUSED', reason: 'again', reqId: 'r9' }, down]);
  });

  it('says what it counted when the server stops before the window ends', () => {
    vi.useFakeTimers();
    const { log, lines } = logger();
    const outages = createOutageLog(log);
    for (const id of ['a', 'b', 'c']) outages.tell(request(log, id), 'down', { code: '57P01', reason: 'terminating connection' });
    outages.close();
    expect(lines.map(([, message]) => message)).toEqual(['down', '2 more requests since: down']);
    vi.advanceTimersByTime(OUTAGE_LOG_WINDOW_MS);
    expect(lines).toHaveLength(2);
  });
});
