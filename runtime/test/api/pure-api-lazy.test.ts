import { describe, expect, it } from 'vitest';
import { defaultContext } from '../../src/context/read';
import { HELPERS_NOT_READY, lazyPureApi } from '../../src/pure-api-lazy';

describe('SiteRuntime.money and .url (a chunk that ready waits for)', () => {
  it('say clearly that they are not ready before the chunk has loaded, then answer synchronously', async () => {
    const page = { ...defaultContext(), websiteSettings: { storeSettings: { selectedCurrency: 'EUR' } } };
    const api = lazyPureApi(page);
    expect(() => api.money.format(12.5)).toThrow(HELPERS_NOT_READY);
    expect(() => api.money.currencies).toThrow(HELPERS_NOT_READY);
    expect(() => api.url.classify('/about')).toThrow(HELPERS_NOT_READY);
    await api.loaded;
    expect(api.money.format(12.5)).toBe('€12.50'); // the store's currency by default
    expect(api.money.format(12.5, 'USD')).toBe('$12.50');
    expect(api.money.currencies).toHaveLength(27);
    expect(api.url.classify(`https://${location.host}/about`)).toBe('content');
    expect(api.url.classify('//evil.example/about')).toBe('external');
    expect(api.url.slugify('Summer  Sale')).toBe('summer-sale');
  });
});
