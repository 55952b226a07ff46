import { reportError } from '../platform/report';
import type { PageContext } from '../../../contract/context/types';

export const CONTEXT_ELEMENT_ID = 'site-context';
export const CONTEXT_PARSE_ERROR = 'Page context is not valid JSON; using the defaults.';
export const MISSING_ENVIRONMENT_ERROR = 'Critical: page context has a website id but no env.';

export function defaultContext(): PageContext {
  return {
    collectionId: null,
    collection: null,
    itemId: null,
    item: null,
    pageType: null,
    website: {},
    templateId: null,
    templateVersion: null,
    templateInstallation: null,
    authenticatedAccount: null,
    websiteRoles: {},
    accessPermissions: [],
    cookieSettings: {},
    websiteSettings: {},
    appDomain: null,
    tweakJSON: {},
    rollups: {},
    googleFonts: null,
    typekitFonts: null,
    env: null,
    showAnnouncementBar: false,
    demoCollections: [],
    featureFlags: [],
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields whose wrong-typed values would break readers further down fall back to `base`'s. */
function normalise(raw: Record<string, unknown>, base: PageContext): PageContext {
  const merged: PageContext = { ...base, ...raw } as PageContext;
  const objects = ['website', 'websiteRoles', 'cookieSettings', 'websiteSettings', 'tweakJSON', 'rollups'] as const;
  for (const key of objects) if (!isRecord(merged[key])) merged[key] = base[key] as never;
  // Ids and names the runtime sends or compares as text: anything else is absent.
  for (const key of ['collectionId', 'itemId', 'env'] as const) if (typeof merged[key] !== 'string') merged[key] = null;
  if (typeof merged.website.id !== 'string') delete merged.website.id;
  if (!Array.isArray(merged.accessPermissions)) merged.accessPermissions = [];
  if (!Array.isArray(merged.demoCollections)) merged.demoCollections = [];
  merged.featureFlags = Array.isArray(merged.featureFlags)
    ? merged.featureFlags.filter((flag): flag is string => typeof flag === 'string')
    : [];
  if (merged.pageType !== null && typeof merged.pageType !== 'number') {
    const parsed = Number(merged.pageType);
    merged.pageType = Number.isFinite(parsed) ? parsed : null;
  }
  if (!isRecord(merged.authenticatedAccount) || typeof merged.authenticatedAccount.id !== 'string') {
    merged.authenticatedAccount = null;
  }
  return merged;
}

function deepFreeze<T>(value: T): T {
  if (isRecord(value) || Array.isArray(value)) {
    Object.freeze(value);
    for (const child of Object.values(value as object)) deepFreeze(child);
  }
  return value;
}

/**
 * Reads `<script type="application/json" id="site-context">`. Absent: an anonymous visitor on
 * a static page. Not valid JSON: a console error and the same defaults (CONTRACT §2). Tracking
 * reads the one a page swapped in brought (`element`).
 */
export function readContext(element: Element | null = document.getElementById(CONTEXT_ELEMENT_ID)): Readonly<PageContext> {
  const text = element?.textContent?.trim();
  // One defaults object (terser copied a second one into normalise when it called defaultContext).
  let context = defaultContext();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!isRecord(parsed)) throw new TypeError('not a JSON object');
      context = normalise(parsed, context);
    } catch (error) {
      console.error(CONTEXT_PARSE_ERROR, error);
    }
  }
  if (context.website.id && !context.env) {
    reportError(new Error(MISSING_ENVIRONMENT_ERROR), MISSING_ENVIRONMENT_ERROR, { websiteId: context.website.id });
  }
  return deepFreeze(context);
}

/** Collectors that need a website id stay off without one, or when the environment is missing. */
export function hasSiteIdentity(context: PageContext): boolean {
  return Boolean(context.website.id && context.env);
}
