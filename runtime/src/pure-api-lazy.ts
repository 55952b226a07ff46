import type { Currency } from '../../contract/commerce/currencies';
import type { MoneyOptions } from '../../contract/commerce/money';
import type { PageContext } from '../../contract/context/types';
import { withChunk } from './core/chunk';
import type { UrlKind } from '../../contract/url/classify';

export const HELPERS_NOT_READY = 'Await SiteRuntime.ready before using SiteRuntime.money or .url.';

export interface MoneyApi {
  format(amount: number, currencyCode?: string, options?: MoneyOptions): string;
  readonly currencies: readonly Currency[];
}

export interface UrlApi {
  classify(value: string): UrlKind;
  slugify(value: string): string;
}

/**
 * `SiteRuntime.money` and `.url` (CONTRACT §4). Their tables (27 currencies, the URL rules)
 * are a chunk, so that site.js stays small: `load` asks for it once (the runtime does when
 * theme code first reads `SiteRuntime.ready`, which waits for it), and after it every call
 * answers synchronously. Called earlier, they say so, and ask for the chunk.
 */
export function lazyPureApi(page: () => Readonly<PageContext>): { load(): Promise<unknown>; money: MoneyApi; url: UrlApi } {
  let api: typeof import('./pure-api') | null = null;
  let loading: Promise<unknown> | null = null;
  // withChunk starts the import in a turn of its own, not in the task that runs site.js.
  const load = () => (loading ??= withChunk(() => import('./pure-api'), (module) => void (api = module), 'Money and URL helpers failed to load'));
  const get = () => {
    if (!api) {
      void load();
      throw new Error(HELPERS_NOT_READY);
    }
    return api;
  };
  return {
    load,
    money: Object.freeze({
      format: (amount: number, currencyCode?: string, options?: MoneyOptions) =>
        get().money.format(amount, currencyCode ?? get().storeCurrency(page().websiteSettings), options),
      get currencies() {
        return get().money.currencies;
      },
    }),
    url: Object.freeze({
      classify: (value: string) => get().url.classify(value, location.host),
      slugify: (value: string) => get().url.slugify(value),
    }),
  };
}
