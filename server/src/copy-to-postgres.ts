/**
 * `npm run copy-to-postgres -- postgres://…`: the site's SQLite database (DATA_DIR, as the
 * server reads it) copied into an empty PostgreSQL database. The URL may come from
 * DATABASE_URL instead. docs/deployment.md, "Moving a site from SQLite to PostgreSQL", says when and how.
 */
import path from 'node:path';
import { ConfigError, hidePassword, loadConfig } from './config';
import { explainStartFailure } from './start-failure';
import { CopyRefused, copySqliteToPostgres } from './storage/copy';

const USAGE = 'Usage: DATA_DIR=/var/lib/tessera npm run copy-to-postgres -- postgres://user:password@host:5432/database';

async function main(): Promise<void> {
  const argument = process.argv[2];
  if (argument === '--help' || argument === '-h') {
    console.log(`${USAGE}\nCopies DATA_DIR/site.sqlite into an empty PostgreSQL database (docs/deployment.md, "Moving a site from SQLite to PostgreSQL").`);
    return;
  }
  const config = loadConfig();
  const databaseUrl = argument ?? config.databaseUrl;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(databaseUrl ? `Not a PostgreSQL URL: ${hidePassword(databaseUrl)}\n${USAGE}` : USAGE);
    process.exit(2);
  }
  const target = hidePassword(databaseUrl);
  const started = performance.now();
  console.log(`Copying ${config.dataDir}/site.sqlite to ${target}. Stop the server first: what it writes from now on is not copied.`);
  const result = await copySqliteToPostgres({
    dataDir: config.dataDir,
    databaseUrl,
    targetName: target,
    onTable: (table, rows) => console.log(`  ${table}: ${rows.toLocaleString('en-US')}`),
  }).catch((error: unknown) => {
    // A database it cannot reach or use is said as the server says it at start.
    const explained = error instanceof CopyRefused ? null : explainStartFailure(error, { host: config.host, port: config.port, dataDir: config.dataDir, databaseUrl });
    throw explained ? new Error(explained) : error;
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Copied ${result.rows.toLocaleString('en-US')} rows in ${result.tables.length} tables in ${seconds} s.`);
  console.log(`Next: start the servers with DATABASE_URL=${target} and give them ${path.join(config.dataDir, 'files')} (uploads stay files).`);
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('dist', 'server', 'copy-to-postgres.js'))) {
  main().catch((error: unknown) => {
    console.error(`Copy failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
