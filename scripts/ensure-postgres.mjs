// Installs Debian's postgresql when its server binaries are missing: the PostgreSQL tests start
// their own server (scripts/postgres.mjs) and nothing may download a database from elsewhere.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const postgresBin = () => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(`${root}/${name}/bin/initdb`)).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.length ? `${root}/${versions[0]}/bin` : null;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  if (postgresBin()) process.exit(0);
  console.log('PostgreSQL is missing: installing Debian\'s postgresql package…');
  const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    run('apt-get update -qq');
    run('apt-get install -y -qq postgresql');
  } catch (error) {
    console.error(`Could not install postgresql (${error.message}). Run 'apt-get install -y postgresql' as root.`);
    process.exit(1);
  }
  // Debian starts a cluster of its own on install; the tests use their own, so stop it.
  try {
    run('service postgresql stop');
  } catch {
    /* not running, or no service manager: nothing to stop */
  }
}
