/**
 * PostgreSQL over TLS, as managed databases take it: a server that takes only TLS connections,
 * with a certificate from a certificate authority of its own. With `sslmode=verify-full` and
 * that authority in `sslrootcert` the server starts and its connections are encrypted; each
 * way of getting it wrong stops the start with one line that says what to change.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explainStartFailure } from '../src/start-failure';
import { openStorage } from '../src/storage/open';
import { isDatabaseUnavailable } from '../src/storage/unavailable';
// @ts-expect-error: a plain ES module of the scripts folder, without declarations
import { startPostgres } from '../../scripts/postgres.mjs';
import { startTestServer, type TestServer } from './helper';

let postgres: { url: string; caFile: string; databaseUrl(name: string): string; stop(): void };
let dataDir: string;
const started: TestServer[] = [];

beforeAll(async () => {
  postgres = await startPostgres({ tls: true });
  const admin = new pg.Client({ connectionString: `${postgres.url}?sslmode=verify-full&sslrootcert=${postgres.caFile}` });
  await admin.connect();
  await admin.query('CREATE DATABASE site');
  await admin.end();
  dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-tls-'));
}, 60_000);
afterAll(async () => {
  for (const server of started) await server.close();
  postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const site = (query: string) => `${postgres.databaseUrl('site')}${query}`;
const where = () => new URL(postgres.url).host;

/** The line a start on this DATABASE_URL ends with. */
async function startFailure(databaseUrl: string): Promise<string | null> {
  const error = await openStorage({ dataDir, databaseUrl }).then(
    async (storage) => {
      await storage.close();
      return null;
    },
    (caught: unknown) => caught,
  );
  expect(error, `${databaseUrl} started`).not.toBeNull();
  return explainStartFailure(error, { host: '127.0.0.1', port: 8080, dataDir, databaseUrl });
}

describe('PostgreSQL over TLS', () => {
  it('with sslmode=verify-full and its certificate authority in sslrootcert: starts, and its connections are encrypted', async () => {
    const server = await startTestServer({ databaseUrl: site(`?sslmode=verify-full&sslrootcert=${postgres.caFile}`) });
    started.push(server);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const { rows } = await sql<{ ssl: boolean }>`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`.execute(server.app.storage.db);
    expect(rows).toEqual([{ ssl: true }]);
  });

  it('without TLS: says to ask for it, and where the certificate authority goes', async () => {
    expect(await startFailure(site(''))).toBe(
      `PostgreSQL at ${where()} does not let user "tessera" in unencrypted (28000: no pg_hba.conf entry for host "127.0.0.1", user "tessera", database "site", no encryption). If it takes encrypted connections, add ?sslmode=verify-full to DATABASE_URL, with &sslrootcert=/path/to/ca.pem when your provider's certificates come from an authority of its own (docs/deployment.md, "PostgreSQL"); else add a line for this machine to its pg_hba.conf.`,
    );
  });

  it('a certificate from an authority this machine does not trust: says to name it in sslrootcert', async () => {
    const line = await startFailure(site('?sslmode=verify-full'));
    expect(line).toBe(
      `This machine does not trust the certificate PostgreSQL at ${where()} presented (UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate). Add sslrootcert=/path/to/ca.pem to DATABASE_URL: the certificate authority your database's provider publishes (docs/deployment.md, "PostgreSQL").`,
    );
    // A running server that meets it (a certificate renewed by another authority) answers 503, not 500.
    expect(isDatabaseUnavailable({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'CERT_HAS_EXPIRED' })).toBe(true);
  });

  it('a host name the certificate is not for: says to use the one it names', async () => {
    const url = new URL(site(`?sslmode=verify-full&sslrootcert=${postgres.caFile}`));
    url.hostname = 'localhost';
    expect(await startFailure(url.href)).toMatch(
      /^PostgreSQL's certificate is for another name than localhost:\d+ \(ERR_TLS_CERT_ALTNAME_INVALID: Hostname\/IP does not match certificate's altnames: .+\)\. Use the host name the certificate names in DATABASE_URL\.$/,
    );
  });

  it('an sslrootcert that cannot be read: names the file and the setting', async () => {
    expect(await startFailure(site('?sslmode=verify-full&sslrootcert=/etc/tessera/missing-ca.pem'))).toBe(
      `The file DATABASE_URL names as sslrootcert (/etc/tessera/missing-ca.pem) cannot be read (ENOENT). Correct the path, or let the user it runs as (${userInfo().username}) read it.`,
    );
  });
});
