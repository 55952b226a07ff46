/**
 * `helpers.js`: every pure helper as named exports (CONTRACT §4), for theme code and tools
 * that want money, URL rules, commerce rules or the enumerations without running the runtime:
 * `import { money, url, renewalText, PageType } from '/runtime/helpers.js'`. Importing it has
 * no side effects. site.js itself exports only what `SiteRuntime` needs anyway (money, url),
 * to stay small.
 */
export { money, url } from './pure-api';
export * from './commerce/currencies';
export * from './commerce/money';
export * from './commerce/product';
export * from './commerce/cart';
export * from './commerce/subscription';
export * from './commerce/units';
export * from './url/classify';
export * from './url/links';
export * from './url/slug';
export * from './url/safe-path';
export * from './model/page-types';
export * from './model/content-types';
export * from './model/site-types';
export * from './model/limits';
export * from './model/roles';
export * from './commerce/routes';
