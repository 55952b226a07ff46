/**
 * Kysely's SQLite dialect, but a failed transaction keeps its own error. SQLite rolls a
 * transaction back by itself when a write fails for want of disk, memory or the lock
 * (SQLITE_FULL, SQLITE_IOERR, SQLITE_BUSY, SQLITE_NOMEM); Kysely's `rollback` after it then
 * throws "cannot rollback - no transaction is active", which replaced the cause: the log said
 * nothing of a full disk, and the answer was a 500 instead of the 503 an outage gets.
 */
import type Database from 'better-sqlite3';
import { SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';

class SqliteDriverKeepingErrors extends SqliteDriver {
  constructor(private readonly sqlite: Database.Database) {
    super({ database: sqlite });
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.sqlite.inTransaction) await super.rollbackTransaction(connection);
  }
}

export class SqliteDialectKeepingErrors extends SqliteDialect {
  constructor(private readonly sqlite: Database.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    return new SqliteDriverKeepingErrors(this.sqlite);
  }
}
