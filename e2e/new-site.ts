/**
 * A site of one's own for a test: the folder `npm run new-site` writes (its site.json changed as
 * the test asks), served by the built server with SITE_DIR, and a browser context on it whose
 * visitor has accepted cookies. Everything is removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect } from './fixtures';
import { startBuiltServer, type ServerProcess } from './server-process';

export interface NewSiteOptions {
  /** Server settings (OWNER_EMAIL…). */
  env?: Record<string, string>;
  /** Changes to the template's site.json. */
  site?: (settings: Record<string, unknown>) => void;
}

export async function withNewSite(browser: Browser, options: NewSiteOptions, body: (context: BrowserContext, server: ServerProcess) => Promise<void>): Promise<void> {
  const parent = mkdtempSync(path.join(tmpdir(), 'tessera-e2e-site-'));
  const siteDir = path.join(parent, 'site');
  expect(spawnSync(process.execPath, ['scripts/new-site.mjs', siteDir]).status).toBe(0);
  if (options.site) {
    const file = path.join(siteDir, 'site.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    options.site(settings);
    writeFileSync(file, JSON.stringify(settings));
  }
  const server = await startBuiltServer({ SITE_DIR: siteDir, ...options.env });
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    await context.addCookies([{ name: 'ss_cookieAllowed', value: 'true', url: server.baseUrl }]);
    await body(context, server);
  } finally {
    await context.close();
    await server.stop();
    rmSync(parent, { recursive: true, force: true });
  }
}
