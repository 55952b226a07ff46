// Installs Debian's chromium when it is missing: browser tests drive /usr/bin/chromium and
// nothing may download a browser build of its own.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const CHROMIUM = '/usr/bin/chromium';
if (existsSync(CHROMIUM)) process.exit(0);
console.log(`${CHROMIUM} is missing: installing Debian's chromium package…`);
const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
try {
  run('apt-get update -qq');
  run('apt-get install -y -qq chromium');
} catch (error) {
  console.error(`Could not install chromium (${error.message}). Run 'apt-get install -y chromium' as root.`);
  process.exit(1);
}
