// Installs Debian's chromium when it is missing: browser tests drive /usr/bin/chromium and
// nothing may download a browser build of its own. With it, Debian's uBlock Origin package,
// whose default filter lists the content-blocker tests apply (e2e/content-blocker.ts).
import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install.mjs';

if (!existsSync('/usr/bin/chromium')) aptInstall('chromium');
if (!existsSync('/usr/share/chromium/extensions/ublock-origin/assets/assets.json')) aptInstall('webext-ublock-origin-chromium');
