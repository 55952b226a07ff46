// A throwaway PostgreSQL server for the tests: `initdb` in a temporary folder, run as an
// unprivileged user (PostgreSQL refuses root), listening on 127.0.0.1 at a free port, with
// durability off (fsync) since the data dies with the test run. `stop()` ends it and removes
// the folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBin } from './ensure-postgres.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Root runs the server as `postgres` (Debian's package makes that user) or else `nobody`. */
function unprivileged() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()) };
  }
  throw new Error('No unprivileged user (postgres or nobody) to run PostgreSQL as.');
}

export async function startPostgres() {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed: run `node scripts/ensure-postgres.mjs` (npm test does).');
  const user = unprivileged();
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-pg-'));
  chmodSync(dir, 0o700);
  if (user) chownSync(dir, user.uid, user.gid);
  const run = (program, args) => {
    const command = user ? ['runuser', ['-u', user.name, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
    return execFileSync(command[0], command[1], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'tessera', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const url = `postgres://tessera@127.0.0.1:${port}/postgres`;
  return {
    url,
    /** A URL for a fresh, empty database of this server, named `name`. */
    databaseUrl: (name) => `postgres://tessera@127.0.0.1:${port}/${name}`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
