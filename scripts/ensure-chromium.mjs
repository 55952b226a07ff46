// Installs Debian's chromium when it is missing: browser tests drive /usr/bin/chromium and
// nothing may download a browser build of its own.
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';

if (!existsSync('/usr/bin/chromium')) aptInstall('chromium');
