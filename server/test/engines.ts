/**
 * The two engines every storage test runs on: SQLite in a temporary DATA_DIR, and a fresh
 * database on the run's PostgreSQL server (server/test/global-postgres.ts). No mocks.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { Engine } from '../src/storage/engine';
import { openStorage, type Storage } from '../src/storage/open';

export const ENGINES: Engine[] = ['sqlite', 'postgres'];

/** A new, empty PostgreSQL database on the test server; its URL. */
export async function freshPostgresDatabase(): Promise<string> {
  const server = new URL(inject('postgresUrl'));
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.href });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  server.pathname = `/${name}`;
  return server.href;
}

/** Where a test server of this engine keeps its data: a DATA_DIR, and for PostgreSQL its URL. */
export async function freshPlace(engine: Engine): Promise<{ dataDir: string; databaseUrl: string | null; remove(): void }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tessera-${engine}-`));
  return { dataDir, databaseUrl: engine === 'postgres' ? await freshPostgresDatabase() : null, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Storage on a fresh database of this engine, migrated. */
export async function freshStorage(engine: Engine): Promise<Storage & { remove(): Promise<void> }> {
  const place = await freshPlace(engine);
  const storage = await openStorage({ dataDir: place.dataDir, databaseUrl: place.databaseUrl });
  return {
    ...storage,
    async remove() {
      await storage.close();
      place.remove();
    },
  };
}
