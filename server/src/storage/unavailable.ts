/**
 * Whether an error means the database cannot be reached at all (it is down, restarting, out of
 * disk, refusing this server's login or its TLS, or another session holds what this one waits
 * for), rather than that one query was wrong. Those answer 503
 * with Retry-After instead of 500: nothing is wrong with the request, and a visitor or a proxy
 * may try again in a moment.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EPIPE']);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08…), shutting down or starting up (57P01–57P03), a
 * full disk, out of memory, too many connections, a login refused, a database that is not
 * there, a lock another session held past the lock timeout (55P03), a session ended for
 * idling in a transaction (25P03).
 */
const POSTGRES_UNAVAILABLE = /^(08\w{3}|57P0[123]|53[123]00|28000|28P01|3D000|55P03|25P03)$/;

/** SQLite: the disk is full or failing, the file cannot be opened or written, or another process held its lock past the busy timeout. */
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY\w*|FULL|IOERR\w*|CANTOPEN\w*|READONLY\w*)$/;

/**
 * TLS to PostgreSQL that cannot be set up: its certificate is not one this machine trusts, is
 * for another name or has expired, or the server takes no TLS. Each refuses every connection.
 */
const TLS_CODES = /^(ERR_TLS_CERT_ALTNAME_INVALID|UNABLE_TO_\w+|\w*SELF_SIGNED\w*|CERT_\w+)$/;
const NO_TLS_MESSAGE = /^The server does not support SSL connections/;

export function isTlsFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && TLS_CODES.test(code)) || (typeof message === 'string' && NO_TLS_MESSAGE.test(message));
}

/** pg's own words when a connection ends under a query, or none comes in time. */
const POSTGRES_CLIENT_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.test(code))) return true;
  return (typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.test(message)) || isTlsFailure(error);
}

/** The database's disk is full (SQLite's file or PostgreSQL's data): reads go on, writes fail until space is freed. */
export function isDatabaseDiskFull(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_FULL' || code === '53100';
}

/**
 * A SQLite file that is not a database or is damaged. Waiting does not mend it, so it is not
 * an outage: it answers 500 and the log says to restore a backup.
 */
export function isDamagedDatabase(error: unknown): boolean {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^SQLITE_(CORRUPT\w*|NOTADB)$/.test(code);
}

/** The damage code a storage's file was found with, kept until the server restarts (a file does not mend itself). */
const damageFound = new WeakMap<object, string>();

export function noteDamage(storage: object, error: unknown): void {
  if (!damageFound.has(storage)) damageFound.set(storage, String((error as { code?: unknown }).code));
}

/** `SQLITE_CORRUPT` and the like once a request found the file damaged; null before. */
export const damageOf = (storage: object): string | null => damageFound.get(storage) ?? null;
