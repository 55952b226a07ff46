/**
 * The `money` and `url` members of `SiteRuntime` (CONTRACT §4) as plain objects, shared by
 * the runtime (a chunk, see pure-api-lazy) and helpers.js.
 */
import { CURRENCIES } from './commerce/currencies';
export { storeCurrency } from './commerce/currencies';
import { formatMoney } from './commerce/money';
import { classify } from './url/classify';
import { slugify } from './url/slug';

export const money = Object.freeze({ format: formatMoney, currencies: CURRENCIES });

/** `classify(s, pageHost)`: without a host (outside a page) every absolute URL is external. */
export const url = Object.freeze({ classify, slugify });
