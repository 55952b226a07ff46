/**
 * What `npm run copy-to-postgres` and `npm run copy-to-sqlite` share: the usage, the PostgreSQL
 * URL (argument, else DATABASE_URL), progress a table at a time, and a failure said as the
 * server would say it at start.
 */
import path from 'node:path';
import { ConfigError, hidePassword, loadConfig, type ServerConfig as Config } from './config';
import { explainStartFailure } from './start-failure';
import { CopyRefused, type CopyResult, type Table } from './storage/copy';

export interface CopyCommand {
  usage: string;
  /** What --help adds to the usage. */
  help: string;
  /** The line printed before the copy starts. */
  starting: (config: Config, databaseUrl: string) => string;
  copy: (config: Config, databaseUrl: string, onTable: (table: Table, rows: number) => void) => Promise<CopyResult>;
  /** What to do once it is copied. */
  next: (config: Config, databaseUrl: string) => string;
}

async function run(command: CopyCommand): Promise<void> {
  const argument = process.argv[2];
  if (argument === '--help' || argument === '-h') {
    console.log(`${command.usage}\n${command.help}`);
    return;
  }
  const config = loadConfig();
  const databaseUrl = argument ?? config.databaseUrl;
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    console.error(databaseUrl ? `Not a PostgreSQL URL: ${hidePassword(databaseUrl)}\n${command.usage}` : command.usage);
    process.exit(2);
  }
  const started = performance.now();
  console.log(command.starting(config, databaseUrl));
  const result = await command.copy(config, databaseUrl, (table, rows) => console.log(`  ${table}: ${rows.toLocaleString('en-US')}`)).catch((error: unknown) => {
    // A database it cannot reach or use is said as the server says it at start.
    const explained = error instanceof CopyRefused ? null : explainStartFailure(error, { host: config.host, port: config.port, dataDir: config.dataDir, databaseUrl });
    throw explained ? new Error(explained) : error;
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Copied ${result.rows.toLocaleString('en-US')} rows in ${result.tables.length} tables in ${seconds} s.`);
  console.log(command.next(config, databaseUrl));
}

/** Runs the command when this file is the one node was started with (dist/server/NAME.js). */
export function runCopyCommand(name: string, command: CopyCommand): void {
  if (!process.argv[1] || !path.resolve(process.argv[1]).endsWith(path.join('dist', 'server', `${name}.js`))) return;
  run(command).catch((error: unknown) => {
    console.error(`Copy failed: ${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
