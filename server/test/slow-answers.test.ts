/**
 * Slow answers in the log: an answer that took longer than the threshold to prepare (the
 * database waiting, not the visitor's network) is logged as a warning with its request id, the
 * first of each route in a window whole and the rest counted in one line.
 */
import net, { type AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { RECORD_HIT_PATH } from '../../contract/api/paths';
import { slowAnswerLine } from '../src/plugins/slow-answers';
import { sqliteFile } from '../src/storage/open';
import { TEST_ENGINE, cookieHeader, serversClosedAfterAll, visitor, type LogLine } from './helper';

const { startLogged } = serversClosedAfterAll();
const slowLines = (lines: LogLine[]) => lines.filter((line) => line.msg.includes('Slow answer on '));
const hit = (url: string) => [{ event: 'pageView', data: JSON.stringify({ url }), ss_cvr: 'v1|1|1|1|1' }];

/**
 * Holds the table census hits go to from a connection of its own, as a long migration or an
 * operator's transaction would, for `ms`. SQLite's wait for a lock blocks the thread that waits,
 * so its holder is another process.
 */
async function holdHitsTable(server: Awaited<ReturnType<typeof startLogged>>['server'], ms: number): Promise<{ released: Promise<void> }> {
  if (TEST_ENGINE === 'sqlite') {
    const holder = spawn(
      process.execPath,
      ['-e', `const db = require('better-sqlite3')(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('held'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, ${ms});`, sqliteFile(server.config.dataDir)],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    return { released: new Promise((resolve) => holder.once('exit', () => resolve())) };
  }
  const other = new pg.Client({ connectionString: server.config.databaseUrl! });
  await other.connect();
  await other.query('BEGIN');
  await other.query('LOCK TABLE census_hits IN ACCESS EXCLUSIVE MODE');
  return { released: new Promise((resolve) => setTimeout(() => void other.query('COMMIT').then(() => other.end()).then(resolve), ms)) };
}

describe('slow answers', () => {
  it('a write that waits for the database is logged once with its request id; the next of its route in the window are counted in one line', async () => {
    const { server, lines } = await startLogged({ slowAnswerMs: 1_000, outageLogWindowMs: 1_500 });
    const client = await visitor(server.app);
    const { released } = await holdHitsTable(server, 1_300);
    const [first, second] = await Promise.all([
      client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit('/waited-1') }),
      client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit('/waited-2') }),
    ]);
    await released;
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    // Quick answers, of this route and others, are not logged.
    expect((await client.inject({ method: 'POST', url: RECORD_HIT_PATH, payload: hit('/quick') })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: '/faq' })).statusCode).toBe(200);
    const line = slowAnswerLine(`POST ${RECORD_HIT_PATH}`, 1_000);
    expect(slowLines(lines)).toEqual([expect.objectContaining({ level: 40, msg: line, code: 200, ms: expect.any(Number) })]);
    const [logged] = slowLines(lines);
    expect(logged!.ms).toBeGreaterThan(1_000);
    expect([first.headers['x-request-id'], second.headers['x-request-id']]).toContain(logged!.reqId);
    await expect.poll(() => slowLines(lines).length, { timeout: 5_000 }).toBe(2);
    expect(slowLines(lines)[1]).toMatchObject({ level: 40, msg: `1 more request since: ${line}`, count: 1, codes: ['200'] });
  }, 20_000);

  it("a body the visitor's network brings slowly is not a slow answer", async () => {
    const { server, lines } = await startLogged({ slowAnswerMs: 500 });
    const client = await visitor(server.app);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const body = JSON.stringify(hit('/trickled'));
    // Written by hand on a socket: the headers and a part of the body now, the rest a second later (a phone on a bad connection).
    const status = await new Promise<number>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST ${RECORD_HIT_PATH}?crumb=${encodeURIComponent(client.crumb)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCookie: ${cookieHeader(client.jar)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        setTimeout(() => socket.write(body.slice(10)), 1_000);
      });
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0)));
      socket.on('error', reject);
    });
    expect(status).toBe(200);
    expect(slowLines(lines)).toEqual([]);
  }, 10_000);
});
