/**
 * `npm run copy-to-postgres -- postgres://…`: the site's SQLite database (DATA_DIR, as the
 * server reads it) copied into an empty PostgreSQL database. The URL may come from
 * DATABASE_URL instead. docs/deployment.md, "Moving a site from SQLite to PostgreSQL", says when and how.
 */
import { hidePassword } from './config';
import { runCopyCommand } from './copy-command';
import { copySqliteToPostgres } from './storage/copy';

runCopyCommand('copy-to-postgres', {
  usage: 'Usage: DATA_DIR=/var/lib/tessera npm run copy-to-postgres -- postgres://user:password@host:5432/database',
  help: 'Copies DATA_DIR/site.sqlite into an empty PostgreSQL database (docs/deployment.md, "Moving a site from SQLite to PostgreSQL").',
  starting: (config, url) => `Copying ${config.dataDir}/site.sqlite to ${hidePassword(url)}. Stop the server first: what it writes from now on is not copied.`,
  copy: (config, databaseUrl, onTable) => copySqliteToPostgres({ dataDir: config.dataDir, databaseUrl, targetName: hidePassword(databaseUrl), onTable }),
  next: (_config, url) => `Next: start the servers with DATABASE_URL=${hidePassword(url)}. Uploaded files came along: they are in the database.`,
});
