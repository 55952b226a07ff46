// Installs a Debian package for the tests (as root, without questions); exits the process with a
// clear message when it cannot. Nothing is fetched from anywhere but Debian's mirrors.
import { execSync } from 'node:child_process';

export function aptInstall(pkg) {
  console.log(`${pkg} is missing: installing Debian's ${pkg} package…`);
  const run = (command) => execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  try {
    run('apt-get update -qq');
    run(`apt-get install -y -qq ${pkg}`);
  } catch (error) {
    console.error(`Could not install ${pkg} (${error.message}). Run 'apt-get install -y ${pkg}' as root.`);
    process.exit(1);
  }
}
