/**
 * uBlock Origin's network filtering, as a visitor who installed it has it: its own engine
 * (@gorhill/ubo-core) with the lists it turns on by default (EasyList, EasyPrivacy, its own),
 * as Debian's webext-ublock-origin-chromium ships them. Chromium no longer loads the extension
 * itself (Manifest V2), so every request of a page goes through the engine in a route, and
 * what it blocks fails as the extension fails it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from '@playwright/test';
import { StaticNetFilteringEngine } from '@gorhill/ubo-core';

/** Where Debian's package keeps the extension (scripts/ensure-chromium.mjs installs it). */
export const UBLOCK_ORIGIN = '/usr/share/chromium/extensions/ublock-origin';

interface AssetEntry {
  content?: string;
  off?: boolean;
  contentURL?: string | string[];
}

/** The filter lists uBlock Origin turns on by default, read from the copies the package holds. */
function readDefaultLists(): { name: string; raw: string }[] {
  const assets = JSON.parse(readFileSync(path.join(UBLOCK_ORIGIN, 'assets', 'assets.json'), 'utf8')) as Record<string, AssetEntry>;
  return Object.entries(assets)
    .filter(([, entry]) => entry.content === 'filters' && !entry.off)
    .map(([name, entry]) => {
      const local = [entry.contentURL ?? []].flat().find((url) => url.startsWith('assets/') && existsSync(path.join(UBLOCK_ORIGIN, url)));
      if (!local) throw new Error(`uBlock Origin's default list ${name} is not in ${UBLOCK_ORIGIN}`);
      return { name, raw: readFileSync(path.join(UBLOCK_ORIGIN, local), 'utf8') };
    });
}

let lists: { name: string; raw: string }[] | undefined;
const defaultLists = () => (lists ??= readDefaultLists());

let engine: Promise<StaticNetFilteringEngine> | undefined;
/** One engine per worker: the package holds a single one, and compiling the lists takes a second or two. */
function filteringEngine(): Promise<StaticNetFilteringEngine> {
  engine ??= (async () => {
    const created = await StaticNetFilteringEngine.create();
    await created.useLists(defaultLists());
    return created;
  })();
  return engine;
}

/** Playwright's resource types as uBlock Origin names them (sendBeacon is a ping). */
const FILTER_TYPES: Record<string, string> = {
  script: 'script',
  stylesheet: 'stylesheet',
  image: 'image',
  font: 'font',
  media: 'media',
  fetch: 'xmlhttprequest',
  xhr: 'xmlhttprequest',
  ping: 'ping',
  websocket: 'websocket',
};

/** The page the request is made for (a frame's parent for the frame's own page), which decides first- or third-party. */
function documentUrl(request: Request): string {
  const frame = request.frame();
  const context = request.isNavigationRequest() ? frame.parentFrame() : frame;
  const url = context?.url() ?? '';
  return url.startsWith('http') ? url : request.url();
}

export interface BlockedRequest {
  /** uBlock Origin's name for the request's type: `ping`, `xmlhttprequest`, `script`… */
  type: string;
  url: URL;
  /** The filter that blocked it. */
  filter: string;
}

/**
 * From now on the page's requests meet uBlock Origin's default lists: those it would block fail
 * with ERR_BLOCKED_BY_CLIENT, as with the extension. Answers the list of blocked requests, which
 * grows as the page goes on.
 */
export async function withContentBlocker(page: Page): Promise<BlockedRequest[]> {
  const filtering = await filteringEngine();
  const blocked: BlockedRequest[] = [];
  await page.route('**/*', async (route) => {
    const request = route.request();
    const type = request.isNavigationRequest() ? (request.frame().parentFrame() ? 'sub_frame' : 'main_frame') : (FILTER_TYPES[request.resourceType()] ?? 'other');
    if (filtering.matchRequest({ originURL: documentUrl(request), url: request.url(), type }) === 1) {
      blocked.push({ type, url: new URL(request.url()), filter: String(filtering.toLogData()?.raw ?? '') });
      return route.abort('blockedbyclient');
    }
    return route.fallback();
  });
  return blocked;
}

/**
 * The lists' generic element hiding (`##selector`, on every site), less their generic exceptions
 * (`#@#selector`). Procedural selectors (`:has-text()`, `:upward()`…) are not CSS: the page
 * refuses them and they are skipped.
 */
function genericHidingSelectors(): string[] {
  const hiding = new Set<string>();
  const excepted = new Set<string>();
  for (const { raw } of defaultLists()) {
    for (const line of raw.split('\n')) {
      if (line.startsWith('##') && !line.startsWith('##+js')) hiding.add(line.slice(2).trim());
      else if (line.startsWith('#@#')) excepted.add(line.slice(3).trim());
    }
  }
  return [...hiding].filter((selector) => !excepted.has(selector));
}

/** The page's elements that the lists' generic element hiding would hide, as `selector: element`. */
export async function elementsHiddenByBlocker(page: Page): Promise<string[]> {
  return page.evaluate((selectors) => {
    const hidden: string[] = [];
    for (const selector of selectors) {
      let matched: Element[];
      try {
        matched = [...document.querySelectorAll(selector)];
      } catch {
        continue;
      }
      for (const element of matched) hidden.push(`${selector}: <${element.localName}${element.id ? ` id="${element.id}"` : ''} class="${element.getAttribute('class') ?? ''}">`);
    }
    return hidden;
  }, genericHidingSelectors());
}

/** The console's words for a request the blocker failed, which every blocked request logs. */
export const BLOCKED_BY_CLIENT = 'net::ERR_BLOCKED_BY_CLIENT';
