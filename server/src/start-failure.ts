/**
 * Why the server did not start, in one line a self-hoster can act on: the file, address or
 * database it could not use, the system's own code, and what to do. Null when the error is
 * none of the known ones (then the caller prints it whole, with its stack).
 */
import os from 'node:os';
import { hidePassword, hostPort, type PassedSocket } from './config';
import { BACKUPS_DOC, sqliteFile } from './storage/open';
import { isDamagedDatabase, isDatabaseUnavailable, isTlsFailure } from './storage/unavailable';

export interface StartSettings {
  host: string;
  port: number;
  /** The socket systemd passed (LISTEN_FDS), if any: HOST and PORT are then not used. */
  passedSocket?: PassedSocket | null;
  dataDir: string;
  databaseUrl: string | null;
}

interface SystemError {
  code?: unknown;
  message?: unknown;
  syscall?: unknown;
  path?: unknown;
  hostname?: unknown;
}

function runsAs(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

function postgresTarget(url: string): { where: string; user: string; database: string } {
  try {
    const parsed = new URL(url);
    return { where: parsed.host || 'localhost', user: decodeURIComponent(parsed.username) || os.userInfo().username, database: decodeURIComponent(parsed.pathname.slice(1)) };
  } catch {
    return { where: hidePassword(url), user: '?', database: '?' };
  }
}

function listenFailure(code: string, settings: StartSettings): string | null {
  if (settings.passedSocket) {
    return `LISTEN_FDS says systemd passed a listening socket as descriptor ${settings.passedSocket.fd}, and it is not one (${code || 'not a socket'}). Start the server through its .socket unit, or unset LISTEN_FDS to listen on HOST and PORT.`;
  }
  const address = hostPort(settings.host, settings.port);
  if (code === 'EADDRINUSE') return `Another program is listening on ${address} (EADDRINUSE). Stop it, or set PORT to a free port.`;
  if (code === 'EACCES') return `It may not listen on ${address} (EACCES): ports below 1024 need privileges. Set PORT above 1024 and let your proxy forward to it.`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${settings.host} is not an address of this machine (EADDRNOTAVAIL). Set HOST to 127.0.0.1 behind a proxy, or 0.0.0.0 for every address.`;
  return null;
}

/** Where PostgreSQL's TLS is set up in the docs: every TLS message points there. */
const TLS_DOC = 'docs/deployment.md, "PostgreSQL"';

/** The files DATABASE_URL names for TLS (sslrootcert, sslcert, sslkey), which pg reads as it connects. */
function tlsFiles(url: string): Map<string, string> {
  try {
    const params = new URL(url).searchParams;
    return new Map(['sslrootcert', 'sslcert', 'sslkey'].flatMap((name) => (params.get(name) ? [[params.get(name)!, name] as [string, string]] : [])));
  } catch {
    return new Map();
  }
}

function tlsFailure(code: string, where: string, words: string): string {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `PostgreSQL's certificate is for another name than ${where} (${code}: ${words}). Use the host name the certificate names in DATABASE_URL.`;
  if (/^The server does not support SSL/.test(words)) return `PostgreSQL at ${where} takes no encrypted connections, and DATABASE_URL asks for one (${words}). Turn ssl on in its postgresql.conf, or take sslmode out of DATABASE_URL on a network you trust.`;
  return `This machine does not trust the certificate PostgreSQL at ${where} presented (${code}: ${words}). Add sslrootcert=/path/to/ca.pem to DATABASE_URL: the certificate authority your database's provider publishes (${TLS_DOC}).`;
}

function postgresFailure(error: SystemError, code: string, url: string): string | null {
  const { where, user, database } = postgresTarget(url);
  const words = typeof error.message === 'string' ? error.message : code;
  if (isTlsFailure(error)) return tlsFailure(code, where, words);
  // "no encryption": no line of pg_hba.conf lets this machine in unencrypted; one may for TLS (managed databases).
  if (code === '28000' && /no encryption/.test(words)) return `PostgreSQL at ${where} does not let user "${user}" in unencrypted (${code}: ${words}). If it takes encrypted connections, add ?sslmode=verify-full to DATABASE_URL, with &sslrootcert=/path/to/ca.pem when your provider's certificates come from an authority of its own (${TLS_DOC}); else add a line for this machine to its pg_hba.conf.`;
  if (code === '28P01') return `PostgreSQL at ${where} refused the login for user "${user}" (${code}: ${words}). Check the user name and password in DATABASE_URL.`;
  // 28000 is pg_hba.conf saying no to this machine or this user.
  if (code === '28000') return `PostgreSQL at ${where} does not let user "${user}" in from this machine (${code}: ${words}). Add a line for it to the database server's pg_hba.conf.`;
  if (code === '3D000') return `PostgreSQL at ${where} has no database "${database}" (3D000). Create it once (createdb -O ${user} ${database}) or correct DATABASE_URL.`;
  if (code === '42501') return `The PostgreSQL user "${user}" may not create the server's tables in "${database}" (42501: ${words}). Make it the database's owner (ALTER DATABASE ${database} OWNER TO ${user}).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The PostgreSQL host in DATABASE_URL (${where}) has no address (${code}). Check its name.`;
  if (isDatabaseUnavailable(error)) return `It cannot reach PostgreSQL at ${where} (${code || words}). Check that the database server runs and accepts connections from this machine, and that DATABASE_URL (${hidePassword(url)}) names it.`;
  return null;
}

/** A folder or file the server cannot write, on either engine (DATA_DIR holds uploads on PostgreSQL too). */
function fileFailure(code: string, error: SystemError, dataDir: string): string | null {
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return `The disk that holds ${dataDir} is full (${code}). Free some space, then start the server again.`;
  // mkdir on a file (EEXIST), or under one (ENOTDIR).
  if (code === 'ENOTDIR' || (code === 'EEXIST' && error.syscall === 'mkdir')) {
    return `DATA_DIR must be a folder, and ${dataDir} is a file or is inside one (${code}). Set DATA_DIR to a folder (the server makes it if it is missing).`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || /^SQLITE_(CANTOPEN|READONLY)/.test(code)) {
    const where = typeof error.path === 'string' ? error.path : dataDir;
    return `It cannot write ${where} (${code}). Give the user it runs as (${runsAs()}) write access to DATA_DIR, or set DATA_DIR to a folder it can write.`;
  }
  return null;
}

export function explainStartFailure(error: unknown, settings: StartSettings): string | null {
  if (!error || typeof error !== 'object') return null;
  const failure = error as SystemError;
  const code = typeof failure.code === 'string' ? failure.code : '';
  if (failure.syscall === 'listen') return listenFailure(code, settings);
  // HOST as a name that does not resolve: the listen looks it up first (and the database's host is another setting).
  if (failure.syscall === 'getaddrinfo' && failure.hostname === settings.host && !settings.databaseUrl?.includes(`@${settings.host}`)) {
    return `HOST ${settings.host} is not a name this machine can look up (${code}). Set HOST to an address of this machine: 127.0.0.1 behind a proxy, or 0.0.0.0 for every address.`;
  }
  const tlsFile = settings.databaseUrl && typeof failure.path === 'string' ? tlsFiles(settings.databaseUrl).get(failure.path) : undefined;
  if (tlsFile) return `The file DATABASE_URL names as ${tlsFile} (${String(failure.path)}) cannot be read (${code}). Correct the path, or let the user it runs as (${runsAs()}) read it.`;
  const file = fileFailure(code, failure, settings.dataDir);
  if (file) return file;
  if (settings.databaseUrl) return postgresFailure(failure, code, settings.databaseUrl);
  if (isDamagedDatabase(failure)) return `${sqliteFile(settings.dataDir)} is not a SQLite database or is damaged (${code}). Restore a backup (${BACKUPS_DOC}), or move the file aside to start with an empty one.`;
  return null;
}
