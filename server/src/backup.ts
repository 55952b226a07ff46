/**
 * `npm run backup -- FILE`: a consistent copy of the site's database while the server runs,
 * from DATA_DIR or DATABASE_URL as the server reads them. Restoring is in docs/deployment.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { ConfigError, hidePassword, loadConfig } from './config';
import { MIGRATION_NAMES } from './migrations/index';
import { MIGRATION_TABLE, sqliteFile } from './storage/open';

/** PostgreSQL's client tools: the newest installed server's, else whatever PATH has. */
function postgresTool(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((version) => fs.existsSync(path.join(root, version, 'bin', name))).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? path.join(root, versions[0]!, 'bin', name) : name;
}

export interface BackupResult {
  file: string;
  /** How many migrations the copied database had. */
  schema: number;
  bytes: number;
}

/**
 * SQLite: the online backup API (a consistent copy, writers barely held). PostgreSQL:
 * `pg_dump --format=custom` (restore with `pg_restore --clean --if-exists -d URL FILE`).
 */
export async function backup(source: { dataDir: string; databaseUrl: string | null }, file: string, pgDump = postgresTool('pg_dump')): Promise<BackupResult> {
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} exists: choose a new file, nothing is overwritten.`);
  if (source.databaseUrl) {
    const dump = spawnSync(pgDump, ['--format=custom', `--file=${target}`, source.databaseUrl], { encoding: 'utf8' });
    if ((dump.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
      throw new Error("pg_dump is not on this machine (a container of the server's image has none): install PostgreSQL's client tools, of the database's major version or newer (apt install postgresql-client), or run pg_dump where they are, with the same DATABASE_URL.");
    }
    if (dump.status !== 0) {
      fs.rmSync(target, { force: true });
      throw new Error(`pg_dump failed: ${(dump.stderr || dump.error?.message || '').trim()}`);
    }
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    try {
      const schema = Number((await client.query(`SELECT COUNT(*) AS n FROM ${MIGRATION_TABLE}`)).rows[0].n);
      return { file: target, schema, bytes: fs.statSync(target).size };
    } finally {
      await client.end();
    }
  }
  const database = sqliteFile(source.dataDir);
  if (!fs.existsSync(database)) throw new Error(`No database at ${database}: is DATA_DIR right?`);
  const db = new Database(database, { readonly: true, fileMustExist: true });
  try {
    const schema = (db.prepare(`SELECT COUNT(*) AS n FROM ${MIGRATION_TABLE}`).get() as { n: number }).n;
    await db.backup(target);
    return { file: target, schema, bytes: fs.statSync(target).size };
  } finally {
    db.close();
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || file.startsWith('-')) {
    console.error('Usage: npm run backup -- FILE   (a copy of DATA_DIR/site.sqlite, taken while the server runs)');
    process.exit(2);
  }
  const config = loadConfig();
  const result = await backup(config, file);
  const note = result.schema === MIGRATION_NAMES.length ? '' : ` (this server's code knows ${MIGRATION_NAMES.length})`;
  console.log(`Backed up ${config.databaseUrl ? hidePassword(config.databaseUrl) : `${config.dataDir}/site.sqlite`} to ${result.file}: ${result.bytes} bytes, ${result.schema} migrations${note}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('dist', 'server', 'backup.js'))) {
  main().catch((error: unknown) => {
    console.error(`Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
