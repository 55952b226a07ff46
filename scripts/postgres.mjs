// A throwaway PostgreSQL server for the tests: `initdb` in a temporary folder, run as an
// unprivileged user (PostgreSQL refuses root), listening on 127.0.0.1 at a free port, with
// durability off (fsync) since the data dies with the test run. `stop()` ends it and removes
// the folder. With `tls`, it takes only TLS connections, with a certificate for 127.0.0.1
// from a certificate authority of its own (`caFile`), as managed databases do.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { postgresBin } from './ensure-postgres.mjs';

/** A free loopback port (for a test server of ours). */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Root runs the server as `postgres` (Debian's package makes that user) or else `nobody`; anyone else as themselves (null). */
export function unprivileged() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    const id = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (id.status === 0) return { name, uid: Number(id.stdout.trim()), gid: Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim()) };
  }
  throw new Error('No unprivileged user (postgres or nobody) to run PostgreSQL or PgBouncer as (they refuse root).');
}

/** A certificate authority and a certificate it signed for 127.0.0.1, made with openssl in `dir`. */
function makeCertificates(dir) {
  mkdirSync(dir);
  const openssl = (...args) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const key = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...key, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=Tessera test CA');
  openssl('req', ...key, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(path.join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext');
  chmodSync(path.join(dir, 'server.key'), 0o600);
  return { caFile: path.join(dir, 'ca.crt'), certFile: path.join(dir, 'server.crt'), keyFile: path.join(dir, 'server.key') };
}

export async function startPostgres({ tls = false } = {}) {
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
  let options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const certificates = tls ? makeCertificates(path.join(dir, 'tls')) : null;
  if (certificates) {
    if (user) for (const file of ['', 'server.crt', 'server.key']) chownSync(path.join(dir, 'tls', file), user.uid, user.gid);
    options += ` -c ssl=on -c ssl_cert_file=${certificates.certFile} -c ssl_key_file=${certificates.keyFile}`;
    // TLS or nothing over the network (the tools' own socket stays open).
    writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhostssl all all 127.0.0.1/32 trust\n');
  }
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  const url = `postgres://tessera@127.0.0.1:${port}/postgres`;
  return {
    url,
    /** The certificate authority that signed the server's certificate (with `tls`). */
    caFile: certificates?.caFile ?? null,
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
