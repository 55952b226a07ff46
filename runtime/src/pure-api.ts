/**
 * The `money` and `url` members of `SiteRuntime` (CONTRACT §4) as plain objects, shared by
 * the runtime (a chunk, see pure-api-lazy) and helpers.js.
 */
import { CURRENCIES } from '../../contract/commerce/currencies';
export { storeCurrency } from '../../contract/commerce/currencies';
import { formatMoney } from '../../contract/commerce/money';
import { classify } from '../../contract/url/classify';
import { slugify } from '../../contract/url/slug';

export const money = Object.freeze({ format: formatMoney, currencies: CURRENCIES });

/** `classify(s, pageHost)`: without a host (outside a page) every absolute URL is external. */
export const url = Object.freeze({ classify, slugify });
