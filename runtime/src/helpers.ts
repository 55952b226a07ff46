/**
 * `helpers.js`: every pure helper as named exports (CONTRACT §4), for theme code and tools
 * that want money, URL rules, commerce rules or the enumerations without running the runtime:
 * `import { money, url, renewalText, PageType } from '/runtime/helpers.js'`. Importing it has
 * no side effects. site.js itself exports only what `SiteRuntime` needs anyway (money, url),
 * to stay small.
 */
export { money, url } from './pure-api';
export * from '../../contract/commerce/currencies';
export * from '../../contract/commerce/money';
export * from '../../contract/commerce/product';
export * from '../../contract/commerce/cart';
export * from '../../contract/commerce/subscription';
export * from '../../contract/commerce/units';
export * from '../../contract/url/classify';
export * from '../../contract/url/links';
export * from '../../contract/url/slug';
export * from '../../contract/url/safe-path';
export * from '../../contract/model/page-types';
export * from '../../contract/model/content-types';
export * from '../../contract/model/site-types';
export * from '../../contract/model/limits';
export * from '../../contract/model/roles';
export * from '../../contract/commerce/routes';
