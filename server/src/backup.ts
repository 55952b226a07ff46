/**
 * `npm run backup -- FILE`: a consistent copy of the site's database while the server runs
 * (SQLite's online backup: pages copied in steps, writers never blocked for long). Reads
 * DATA_DIR as the server does. Restore: stop the server, put the copy in place as
 * DATA_DIR/site.sqlite (removing site.sqlite-wal and -shm), start it (docs/deployment.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ConfigError, loadConfig } from './config';
import { MIGRATION_NAMES } from './migrations/index';
import { MIGRATION_TABLE } from './storage/open';

export async function backup(dataDir: string, file: string): Promise<{ file: string; schema: number; bytes: number }> {
  const source = path.join(dataDir, 'site.sqlite');
  if (!fs.existsSync(source)) throw new Error(`No database at ${source}: is DATA_DIR right?`);
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new Error(`${target} exists: choose a new file, nothing is overwritten.`);
  const db = new Database(source, { readonly: true, fileMustExist: true });
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
  const result = await backup(config.dataDir, file);
  const note = result.schema === MIGRATION_NAMES.length ? '' : ` (this server's code knows ${MIGRATION_NAMES.length})`;
  console.log(`Backed up ${config.dataDir}/site.sqlite to ${result.file}: ${result.bytes} bytes, ${result.schema} migrations${note}.`);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('dist', 'server', 'backup.js'))) {
  main().catch((error: unknown) => {
    console.error(`Backup failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
