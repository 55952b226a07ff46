/**
 * A restart under systemd's socket activation (docs/deployment.md, "Restarts that refuse no
 * one"). systemd-socket-activate holds the listening socket as a .socket unit does, and a loop
 * starts the server again whenever it exits, as Restart=always does. What visitors send while
 * no server process runs waits in the kernel's queue and is answered by the next process:
 * nothing is refused, and a page loaded in the gap arrives whole.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { freePort } from '../scripts/postgres.mjs';
import { expect, runtimeReady, test } from './fixtures';
import { startLoggedServer } from './server-process';

const SOCKET_ACTIVATE = '/usr/bin/systemd-socket-activate';

/** One GET on a connection of its own (no keep-alive), over TCP or a Unix socket: its status, or the error that ended it. */
const get = (url: string, socketPath?: string) =>
  new Promise<number | string>((resolve) => {
    const call = request(url, { agent: false, timeout: 30_000, ...(socketPath ? { socketPath } : {}) }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    call.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    call.on('timeout', () => call.destroy(new Error('timed out')));
    call.end();
  });

/** The pids of the server processes that have said they listen, in order. */
function listeningPids(log: string): number[] {
  return log
    .split('\n')
    .filter((line) => line.includes('Tessera site server listening on'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The server under a socket unit: systemd-socket-activate on `listen`, and a loop that starts it again whenever it exits. */
function underSocketUnit(listen: string): { log: () => string; stop: () => void } {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-restart-'));
  // systemd-socket-activate passes on only the variables it is given (-E), as a unit's Environment= does.
  const env = { DATA_DIR: dataDir, ROOT_DIR: process.cwd(), OWNER_PASSWORD: 'restart-owner-1' };
  // The inner shell execs node, so LISTEN_PID names the server's own process, as systemd sets it.
  const restartLoop = 'while :; do sh -c "LISTEN_PID=\\$\\$ exec node dist/server/main.js"; done';
  const holder: ChildProcess = spawn(SOCKET_ACTIVATE, ['-l', listen, ...Object.entries(env).flatMap(([name, value]) => ['-E', `${name}=${value}`]), 'sh', '-c', restartLoop], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  holder.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  holder.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return {
    log: () => log,
    stop: () => {
      // The whole group: the holder, the loop and the server it runs.
      process.kill(-holder.pid!, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test('a restart through a socket systemd holds: requests and a page load in the gap wait and are answered, none refused', async ({ page }) => {
  test.setTimeout(90_000);
  const port = Number(await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const unit = underSocketUnit(`127.0.0.1:${port}`);
  const log = unit.log;
  try {
    await expect.poll(log, { timeout: 10_000 }).toContain(`Listening on 127.0.0.1:${port} as 3.`);
    // systemd-socket-activate starts the server on the first connection, which waits for it.
    expect(await get(`${origin}/healthz`)).toBe(200);
    const [first] = listeningPids(log());
    expect(log()).toContain(`"msg":"Tessera site server listening on ${origin} (the socket systemd passed)"`);
    expect(first).toBeGreaterThan(0);

    const answers: Array<number | string> = [];
    let sentInGap = 0;
    let streaming = true;
    const stream = (async () => {
      const calls: Array<Promise<void>> = [];
      while (streaming) {
        const inGap = !running(first!) && listeningPids(log()).length === 1;
        calls.push(get(`${origin}/healthz`).then((answer) => void answers.push(answer)));
        if (inGap) sentInGap++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await Promise.all(calls);
    })();

    await new Promise((resolve) => setTimeout(resolve, 300));
    process.kill(first!, 'SIGTERM');
    await expect.poll(() => running(first!), { timeout: 15_000 }).toBe(false);
    // No server process listens now: a visitor's page load waits for the next one.
    expect(listeningPids(log())).toHaveLength(1);
    const visit = await page.goto(`${origin}/`);
    expect(visit?.status()).toBe(200);
    await runtimeReady(page);
    await expect(page.locator('[data-block-status="failed"]')).toHaveCount(0);
    await expect.poll(() => listeningPids(log()).length, { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    streaming = false;
    await stream;

    expect(listeningPids(log())[1]).not.toBe(first);
    expect(sentInGap, 'requests sent while no server process ran').toBeGreaterThan(3);
    expect(answers.filter((answer) => answer !== 200)).toEqual([]);
    expect(log()).not.toContain('"level":50');
  } finally {
    unit.stop();
  }
});

test('a Unix socket systemd passes (ListenStream=/run/…): pages are answered on it, and the banner says which socket', async () => {
  const socketPath = path.join(mkdtempSync(path.join(tmpdir(), 'tessera-socket-')), 'http.sock');
  const unit = underSocketUnit(socketPath);
  try {
    await expect.poll(unit.log, { timeout: 10_000 }).toContain(`Listening on ${socketPath} as 3.`);
    expect(await get('http://localhost/healthz', socketPath)).toBe(200);
    expect(await get('http://localhost/', socketPath)).toBe(200);
    expect(unit.log()).toContain('"msg":"Tessera site server listening on the Unix socket systemd passed"');
  } finally {
    unit.stop();
    rmSync(path.dirname(socketPath), { recursive: true, force: true });
  }
});

/** A connection to the server, already accepted, and what it has received so far. */
async function openConnection(port: number) {
  const client = connect(port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  let received = '';
  client.on('data', (chunk: Buffer) => (received += chunk.toString()));
  client.on('error', () => undefined);
  return { client, received: () => received };
}

test('SIGTERM: a request on a connection the server accepted before it is answered as usual, not refused with 503', async () => {
  const server = await startLoggedServer({});
  try {
    // A visitor's connection the server has accepted, whose request is still on its way.
    const { client, received } = await openConnection(server.port);
    server.signal('SIGTERM');
    await expect.poll(() => server.log().includes('"msg":"SIGTERM: closing'), { timeout: 10_000 }).toBe(true);
    client.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await expect.poll(() => /^HTTP\/1\.1 \d+/.exec(received())?.[0], { timeout: 10_000 }).toBe('HTTP/1.1 200');
    // The connection goes once answered, so the stop does not wait for it.
    expect(received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(await server.exit()).toBe(0);
    client.destroy();
  } finally {
    server.stop();
  }
});

test('SIGTERM while a client trickles its body: after SHUTDOWN_GRACE_SECONDS its connection is closed, and the server stops and says so', async () => {
  const server = await startLoggedServer({ SHUTDOWN_GRACE_SECONDS: '1', LOG_REQUESTS: '1' });
  try {
    // A sign-in form post (its crumb is in the body, so the server waits for the body) that never ends.
    const { client } = await openConnection(server.port);
    client.write('POST /members/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=a');
    // The server has the request (its line is logged as it comes in) and waits for the rest of its body.
    await expect.poll(() => server.log().includes('"url":"/members/sign-in"'), { timeout: 10_000 }).toBe(true);
    const signalled = Date.now();
    server.signal('SIGTERM');
    expect(await server.exit()).toBe(0);
    // The grace, then the close; not the request timeout's five minutes.
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1_000);
    expect(server.log()).toContain('"msg":"1 connection still busy 1 s after SIGTERM (SHUTDOWN_GRACE_SECONDS): closed, so that the server can stop."');
    client.destroy();
  } finally {
    server.stop();
  }
});
