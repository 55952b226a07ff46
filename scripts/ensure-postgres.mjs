// Installs Debian's postgresql when its server binaries are missing: the PostgreSQL tests start
// their own server (scripts/postgres.mjs) and nothing may download a database from elsewhere.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { aptInstall } from './apt-install.mjs';

export const postgresBin = () => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(`${root}/${name}/bin/initdb`)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? `${root}/${versions[0]}/bin` : null;
};

if (import.meta.url === `file://${process.argv[1]}` && !postgresBin()) {
  aptInstall('postgresql');
  // Debian starts a cluster of its own on install; the tests use their own, so stop it.
  try {
    execSync('service postgresql stop', { stdio: 'inherit' });
  } catch {
    /* not running, or no service manager: nothing to stop */
  }
}
