/**
 * What a site's settings (site.json `websiteSettings`) say of its store, each with the fallback
 * the pages use when the setting is missing or cannot be used: the currency (USD), the store
 * page Continue Shopping goes to (home) and the time zone of order dates (UTC).
 */
import { storeCurrency } from '../../../contract/commerce/currencies';
import { continueShoppingUrl } from '../../../contract/commerce/routes';
import { checkTimeZone } from '../../../contract/model/time-zone';

type Site = Record<string, unknown>;
const settingsOf = (site: Site) => site.websiteSettings as { storeSettings?: Record<string, unknown>; timeZone?: unknown } | undefined;

export const currencyIn = (site: Site): string => storeCurrency(settingsOf(site) as Parameters<typeof storeCurrency>[0]);

/** Where Continue Shopping goes on this site (its store page, else home). */
export const shopUrlOf = (site: Site): string => continueShoppingUrl(settingsOf(site));

/** The site's time zone (`websiteSettings.timeZone`), UTC without a valid one. */
export const timeZoneOf = (site: Site): string => {
  const zone = settingsOf(site)?.timeZone;
  return typeof zone === 'string' && checkTimeZone(zone) === null ? zone : 'UTC';
};
