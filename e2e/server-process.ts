import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  /** Ends it as systemctl stop would (SIGTERM) and removes its data, unless told to keep it. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Ends the process at once (SIGKILL, as a crash would) and keeps its data. */
  kill(): Promise<void>;
}

/**
 * Starts the built server (dist/server/main.js) on a random loopback port with a temporary
 * DATA_DIR and these settings; `stop` ends it and removes the data. Used by the end-to-end
 * tests and the benchmarks. `dataDir` starts it on the data an earlier (killed) one left.
 */
export async function startBuiltServer(env: Record<string, string>, dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-'))): Promise<ServerProcess> {
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const exited = (code: number | null) => reject(new Error(`server exited with ${code}:\n${output}`));
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (!match) return;
      // Found: what the server prints from now on is not kept (a long test would pile it up).
      clearTimeout(timer);
      server.stdout!.off('data', read);
      server.off('exit', exited);
      resolve(match[1]!);
    };
    server.stdout!.on('data', read);
    server.once('exit', exited);
  });
  server.stdout!.resume();
  /** Sends the signal and waits for the exit (at once when the process has ended already). */
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      // A server that has not stopped 10 s after SIGTERM is killed: a test never hangs on it.
      const deadline = signal === 'SIGKILL' ? null : setTimeout(() => server.kill('SIGKILL'), 10_000);
      server.once('exit', () => {
        if (deadline) clearTimeout(deadline);
        resolve();
      });
      server.kill(signal);
    });
  return {
    baseUrl,
    dataDir,
    stop: async ({ keepData = false } = {}) => {
      await ended('SIGTERM');
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => ended('SIGKILL'),
  };
}

/**
 * The built server from `cwd` (the repository, or a release's folder) on a port of its own,
 * with the settings given and a temporary DATA_DIR, its whole log kept: for tests that read the
 * log or signal the process themselves. ROOT_DIR and SITE_DIR are not passed on: the server
 * finds them beside its own files, as a deployed one does.
 */
export async function startLoggedServer(settings: Record<string, string>, { cwd = process.cwd() } = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-logged-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...settings };
  for (const name of ['ROOT_DIR', 'SITE_DIR']) if (!(name in settings)) delete env[name];
  const server = spawn(process.execPath, ['dist/server/main.js'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  const stop = () => {
    server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const listening = /listening on (http:\/\/127\.0\.0\.1:(\d+))/;
  const started = Date.now();
  while (!listening.test(log)) {
    if (server.exitCode !== null || Date.now() - started > 20_000) {
      stop();
      throw new Error(`server did not start:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [, baseUrl, port] = listening.exec(log)!;
  return {
    baseUrl: baseUrl!,
    port: Number(port),
    dataDir,
    /** The settings it runs with, for a command run beside it (npm run backup). */
    env,
    log: () => log,
    /** Its exit code, or 'still running' after 10 s. */
    exit: () => Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]),
    signal: (signal: NodeJS.Signals) => server.kill(signal),
    /** Kills it at once and removes its data. */
    stop,
  };
}
