// Installs Debian's postgresql and pgbouncer when missing: the PostgreSQL tests start their own
// server (scripts/postgres.mjs) and pooler (scripts/pgbouncer.mjs), and nothing may download a
// database from elsewhere. Also systemd's systemd-socket-activate, which holds the socket in the
// restart test (e2e/restart.spec.ts) as a .socket unit does.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { aptInstall } from './apt-install.mjs';

export const postgresBin = () => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(`${root}/${name}/bin/initdb`)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? `${root}/${versions[0]}/bin` : null;
};

const PGBOUNCER = '/usr/sbin/pgbouncer';
const SOCKET_ACTIVATE = '/usr/bin/systemd-socket-activate';

/** Debian starts a service of its own on install; the tests run their own, so stop it. */
function stopService(name) {
  try {
    execSync(`service ${name} stop`, { stdio: 'inherit' });
  } catch {
    /* not running, or no service manager: nothing to stop */
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!postgresBin()) {
    aptInstall('postgresql');
    stopService('postgresql');
  }
  if (!existsSync(PGBOUNCER)) {
    aptInstall('pgbouncer');
    stopService('pgbouncer');
  }
  if (!existsSync(SOCKET_ACTIVATE)) aptInstall('systemd');
}
