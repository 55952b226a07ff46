/**
 * `npm run copy-to-sqlite -- postgres://…`: the site's PostgreSQL database copied into a new
 * DATA_DIR/site.sqlite. The URL may come from DATABASE_URL instead. docs/deployment.md,
 * "Moving a site back to SQLite", says when and how.
 */
import path from 'node:path';
import { hidePassword } from './config';
import { runCopyCommand } from './copy-command';
import { copyPostgresToSqlite } from './storage/copy-to-sqlite';

runCopyCommand('copy-to-sqlite', {
  usage: 'Usage: DATA_DIR=/var/lib/tessera npm run copy-to-sqlite -- postgres://user:password@host:5432/database',
  help: 'Copies a PostgreSQL database into a new DATA_DIR/site.sqlite (docs/deployment.md, "Moving a site back to SQLite").',
  starting: (config, url) => `Copying ${hidePassword(url)} to ${path.join(config.dataDir, 'site.sqlite')}. The copy is the database as it stands now: what the servers write from now on is not copied.`,
  copy: (config, databaseUrl, onTable) => copyPostgresToSqlite({ dataDir: config.dataDir, databaseUrl, sourceName: hidePassword(databaseUrl), onTable }),
  next: (config) => `Next: stop the servers, then start one without DATABASE_URL and with DATA_DIR=${config.dataDir}. Uploaded files came along: they are in the database.`,
});
