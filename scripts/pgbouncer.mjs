// A throwaway PgBouncer in front of a test PostgreSQL (scripts/postgres.mjs), in transaction
// pooling as managed databases' poolers run it: the server must work through one. Run as the
// same unprivileged user (PgBouncer refuses root), on a free loopback port; `stop()` ends it
// and removes its folder. Debian's pgbouncer package (scripts/ensure-postgres.mjs installs it).
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort, unprivileged } from './postgres.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PGBOUNCER = '/usr/sbin/pgbouncer';

const listening = (port) =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** PgBouncer for every database of the PostgreSQL at `postgresUrl`; `databaseUrl(name)` goes through it. */
export async function startPgbouncer(postgresUrl, { poolMode = 'transaction', poolSize = 4 } = {}) {
  if (!existsSync(PGBOUNCER)) throw new Error('PgBouncer is not installed: run `node scripts/ensure-postgres.mjs` (npm test does).');
  const target = new URL(postgresUrl);
  const user = unprivileged();
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pgbouncer-'));
  chmodSync(dir, 0o700);
  const port = await freePort();
  writeFileSync(path.join(dir, 'users.txt'), `"${target.username}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      `pool_mode = ${poolMode}`,
      `default_pool_size = ${poolSize}`,
      'max_client_conn = 500',
      // Hands each transaction the server connection that waited longest: a client's statements
      // move between connections as often as a busy pooler would move them.
      'server_round_robin = 1',
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'),
  );
  if (user) chownSync(dir, user.uid, user.gid);
  for (const file of ['users.txt', 'pgbouncer.ini']) if (user) chownSync(path.join(dir, file), user.uid, user.gid);
  const args = [path.join(dir, 'pgbouncer.ini')];
  const child = user ? spawn('runuser', ['-u', user.name, '--', PGBOUNCER, ...args], { stdio: ['ignore', 'ignore', 'pipe'] }) : spawn(PGBOUNCER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk) => (output += chunk));
  for (let tries = 0; !(await listening(port)); tries += 1) {
    if (child.exitCode !== null || tries > 100) throw new Error(`PgBouncer did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    databaseUrl: (name) => `postgres://${target.username}@127.0.0.1:${port}/${name}`,
    log: () => output,
    stop() {
      // SIGTERM: runuser passes it on to PgBouncer (which then shuts down at once); SIGINT it
      // ignores, and each run left a PgBouncer behind.
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
