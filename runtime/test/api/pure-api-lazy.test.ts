import { describe, expect, it, vi } from 'vitest';
import { withChunk } from '../../src/core/chunk';
import { defaultContext } from '../../src/context/read';
import { HELPERS_NOT_READY, lazyPureApi } from '../../src/pure-api-lazy';

vi.mock('../../src/core/chunk', async (original) => {
  const chunk = await original<typeof import('../../src/core/chunk')>();
  return { ...chunk, withChunk: vi.fn(chunk.withChunk) };
});

describe('SiteRuntime.money and .url (a chunk that ready waits for)', () => {
  const store = { ...defaultContext(), websiteSettings: { storeSettings: { selectedCurrency: 'EUR' } } };
  it('say clearly that they are not ready before the chunk has loaded, then answer synchronously', async () => {
    const api = lazyPureApi(() => store);
    expect(() => api.money.format(12.5)).toThrow(HELPERS_NOT_READY);
    expect(() => api.money.currencies).toThrow(HELPERS_NOT_READY);
    expect(() => api.url.classify('/about')).toThrow(HELPERS_NOT_READY);
    await api.load();
    expect(api.money.format(12.5)).toBe('€12.50'); // the store's currency by default
    expect(api.money.format(12.5, 'USD')).toBe('$12.50');
    expect(api.money.currencies).toHaveLength(27);
    expect(api.url.classify(`https://${location.host}/about`)).toBe('content');
    expect(api.url.classify('//evil.example/about')).toBe('external');
    expect(api.url.slugify('Summer  Sale')).toBe('summer-sale');
  });

  it('asks for nothing until it is loaded or called; a call before then asks for the chunk, once', async () => {
    vi.mocked(withChunk).mockClear();
    const api = lazyPureApi(() => store);
    expect(withChunk).not.toHaveBeenCalled();
    expect(() => api.url.slugify('Summer Sale')).toThrow(HELPERS_NOT_READY);
    expect(withChunk).toHaveBeenCalledOnce();
    const loading = api.load();
    expect(api.load()).toBe(loading);
    await loading;
    expect(withChunk).toHaveBeenCalledOnce();
    expect(api.url.slugify('Summer Sale')).toBe('summer-sale');
  });
});
