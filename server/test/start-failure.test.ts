/**
 * A server that cannot start says why in one line a self-hoster can act on: the folder, port,
 * file or database, the system's code, and what to do. Each case is the real error where this
 * machine can make it (a file that is not a database, a port in use, PostgreSQL refusing or
 * missing a database); root cannot be refused a folder, so that one is the error's shape.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { explainStartFailure, type StartSettings } from '../src/start-failure';
import { openStorage, sqliteFile } from '../src/storage/open';
import { freshPostgresDatabase } from './engines';
import { TEST_ENGINE } from './helper';

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function folder(): string {
  const made = mkdtempSync(path.join(tmpdir(), 'tessera-start-'));
  folders.push(made);
  return made;
}

const settings = (overrides: Partial<StartSettings> = {}): StartSettings => ({ host: '127.0.0.1', port: 8080, dataDir: '/var/lib/tessera', databaseUrl: null, ...overrides });

describe('a server that cannot start', () => {
  it('on a file that is not a SQLite database: names the file and says to restore a backup', async () => {
    const dataDir = folder();
    writeFileSync(sqliteFile(dataDir), Buffer.alloc(8192, 0x5a));
    const error = await openStorage({ dataDir }).catch((caught: unknown) => caught);
    expect(explainStartFailure(error, settings({ dataDir }))).toBe(
      `${path.join(dataDir, 'site.sqlite')} is not a SQLite database or is damaged (SQLITE_NOTADB). Restore a backup (docs/deployment.md, "Backups"), or move the file aside to start with an empty one.`,
    );
  });

  it('on a DATA_DIR that is a file, or inside one: says it must be a folder', async () => {
    const file = path.join(folder(), 'site-data');
    writeFileSync(file, 'not a folder');
    for (const [dataDir, code] of [[file, 'EEXIST'], [path.join(file, 'data'), 'ENOTDIR']] as const) {
      const error = await openStorage({ dataDir }).catch((caught: unknown) => caught);
      expect(explainStartFailure(error, settings({ dataDir }))).toBe(`DATA_DIR must be a folder, and ${dataDir} is a file or is inside one (${code}). Set DATA_DIR to a folder (the server makes it if it is missing).`);
    }
  });

  it('on a HOST that is no name this machine can look up: names the setting and what to set', async () => {
    const error = await new Promise((resolve) => net.createServer().once('error', resolve).listen(8080, 'nonexistent.invalid'));
    expect(explainStartFailure(error, settings({ host: 'nonexistent.invalid' }))).toMatch(
      /^HOST nonexistent\.invalid is not a name this machine can look up \((ENOTFOUND|EAI_AGAIN)\)\. Set HOST to an address of this machine: 127\.0\.0\.1 behind a proxy, or 0\.0\.0\.0 for every address\.$/,
    );
  });

  it('on a port another program holds: names the address and the setting', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    const second = net.createServer();
    const error = await new Promise((resolve) => second.once('error', resolve).listen(port, '127.0.0.1'));
    holder.close();
    expect(explainStartFailure(error, settings({ port }))).toBe(`Another program is listening on 127.0.0.1:${port} (EADDRINUSE). Stop it, or set PORT to a free port.`);
    // An IPv6 address is written as in a URL, so the port does not read as part of it.
    expect(explainStartFailure(error, settings({ host: '::', port }))).toBe(`Another program is listening on [::]:${port} (EADDRINUSE). Stop it, or set PORT to a free port.`);
  });

  it('on a descriptor LISTEN_FDS names that is no listening socket: says to start it through its .socket unit', async () => {
    // Descriptor 0 here is not a socket, as descriptor 3 is not one when LISTEN_FDS is set by hand.
    const error = await new Promise((resolve) => net.createServer().once('error', resolve).listen({ fd: 0 }));
    expect(explainStartFailure(error, settings({ passedSocket: { fd: 3, count: 1 } }))).toMatch(
      /^LISTEN_FDS says systemd passed a listening socket as descriptor 3, and it is not one \((EINVAL|ENOTSOCK|EBADF)\)\. Start the server through its \.socket unit, or unset LISTEN_FDS to listen on HOST and PORT\.$/,
    );
  });

  it('on a folder it may not write or a full disk: names the folder and the fix', () => {
    const refused = Object.assign(new Error("EACCES: permission denied, mkdir '/var/lib/tessera'"), { code: 'EACCES', syscall: 'mkdir', path: '/var/lib/tessera' });
    expect(explainStartFailure(refused, settings())).toMatch(/^It cannot write \/var\/lib\/tessera \(EACCES\)\. Give the user it runs as \(\S+\) write access to DATA_DIR, or set DATA_DIR to a folder it can write\.$/);
    // The same on PostgreSQL: DATA_DIR still holds the uploads.
    expect(explainStartFailure(refused, settings({ databaseUrl: 'postgres://site@db/site' }))).toMatch(/^It cannot write \/var\/lib\/tessera \(EACCES\)/);
    expect(explainStartFailure({ code: 'SQLITE_FULL', message: 'database or disk is full' }, settings())).toBe('The disk that holds /var/lib/tessera is full (SQLITE_FULL). Free some space, then start the server again.');
  });

  it('on PostgreSQL that does not answer: names the host, never the password', async () => {
    const databaseUrl = 'postgres://site:s3cret@127.0.0.1:1/site';
    const error = await openStorage({ dataDir: folder(), databaseUrl }).catch((caught: unknown) => caught);
    const line = explainStartFailure(error, settings({ databaseUrl }));
    expect(line).toBe('It cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED). Check that the database server runs and accepts connections from this machine, and that DATABASE_URL (postgres://site:***@127.0.0.1:1/site) names it.');
    expect(explainStartFailure({ code: '28P01', message: 'password authentication failed for user "site"' }, settings({ databaseUrl }))).toBe(
      'PostgreSQL at 127.0.0.1:1 refused the login for user "site" (28P01: password authentication failed for user "site"). Check the user name and password in DATABASE_URL.',
    );
    const hba = { code: '28000', message: 'no pg_hba.conf entry for host "10.0.0.5", user "site", database "site", SSL encryption' };
    expect(explainStartFailure(hba, settings({ databaseUrl }))).toBe(
      'PostgreSQL at 127.0.0.1:1 does not let user "site" in from this machine (28000: no pg_hba.conf entry for host "10.0.0.5", user "site", database "site", SSL encryption). Add a line for it to the database server\'s pg_hba.conf.',
    );
  });

  it.runIf(TEST_ENGINE === 'postgres')('on a PostgreSQL database that is not there: says how to make it', async () => {
    const url = new URL(await freshPostgresDatabase());
    url.pathname = '/no_such_site';
    const error = await openStorage({ dataDir: folder(), databaseUrl: url.href }).catch((caught: unknown) => caught);
    expect(explainStartFailure(error, settings({ databaseUrl: url.href }))).toBe(
      `PostgreSQL at ${url.host} has no database "no_such_site" (3D000). Create it once (createdb -O ${decodeURIComponent(url.username)} no_such_site) or correct DATABASE_URL.`,
    );
  });

  it('anything else is left to the caller, which prints it whole', () => {
    for (const error of [new Error('boom'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }, null, 'EACCES']) expect(explainStartFailure(error, settings())).toBeNull();
  });
});
