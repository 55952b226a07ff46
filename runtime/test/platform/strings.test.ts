import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its words and its catalogue load are per page. */
async function freshStrings() {
  vi.resetModules();
  return import('../../src/platform/strings');
}

afterEach(() => {
  document.documentElement.lang = '';
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the page\'s words', () => {
  it('an English page: the defaults, and no catalogue file is asked for', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.documentElement.lang = 'en-GB';
    const { texts, wordsReady } = await freshStrings();
    await wordsReady();
    expect(fetch).not.toHaveBeenCalled();
    expect(texts('lightbox', { close: 'Close' })()).toEqual({ close: 'Close' });
  });

  it('a German page: the file beside site.js, under the page context\'s own words', async () => {
    const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify({ 'lightbox.close': 'Schließen', 'lightbox.next': 'Weiter', 'lightbox.bad': 3 })));
    vi.stubGlobal('fetch', fetch);
    document.documentElement.lang = 'de-CH';
    const { texts, usePageWords, wordsReady, word } = await freshStrings();
    usePageWords({ 'lightbox.next': 'Nächstes', 'lightbox.odd': { no: 1 } });
    await wordsReady();
    expect(String(fetch.mock.calls[0]![0])).toMatch(/\/i18n\/de\.json$/);
    const words = texts('lightbox', { close: 'Close', next: 'Next', bad: 'Bad', odd: 'Odd' });
    expect(words()).toEqual({ close: 'Schließen', next: 'Nächstes', bad: 'Bad', odd: 'Odd' });
    expect(words.defaults.close).toBe('Close');
    expect(word('lightbox.close')).toBe('Schließen');
    expect(word('form.nothing')).toBeUndefined();
  });

  it('a language without a file: the page context\'s words alone, no request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    document.documentElement.lang = 'nl';
    const { texts, usePageWords, wordsReady } = await freshStrings();
    usePageWords({ 'dialog.cancel': 'Annuleren' });
    await wordsReady();
    expect(fetch).not.toHaveBeenCalled();
    expect(texts('dialog', { cancel: 'Cancel', okay: 'Okay' })()).toEqual({ cancel: 'Annuleren', okay: 'Okay' });
  });

  it('a file that fails or never comes: English, with a warning, after at most the wait', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 404 })));
    document.documentElement.lang = 'de';
    let strings = await freshStrings();
    await strings.wordsReady();
    expect(warn.mock.calls[0]![0]).toMatch(/did not load \(HTTP 404\); showing English/);
    expect(strings.texts('popup', { close: 'Close' })().close).toBe('Close');

    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(() => new Promise(() => undefined)));
    strings = await freshStrings();
    let settled = false;
    void strings.wordsReady().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(strings.CATALOGUE_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });
});

describe('numbers and times in the page\'s language', () => {
  it('money: the spec\'s form on an English page, Intl\'s elsewhere', async () => {
    const { formatMinorUnits } = await import('../../../contract/commerce/money');
    expect(formatMinorUnits(123456, 'EUR', { locale: 'en-US' })).toBe('€1,234.56');
    expect(formatMinorUnits(123456, 'EUR', { locale: 'de-DE' })).toBe('1.234,56\u00a0€');
    expect(formatMinorUnits(123456, 'EUR', { locale: 'not a tag!' })).toBe('€1,234.56');
  });

  it('relative times: the catalogue\'s words, else Intl in the page\'s language', async () => {
    document.documentElement.lang = 'fr';
    vi.resetModules();
    const { relativeTime } = await import('../../src/platform/relative-time');
    const now = Date.UTC(2026, 10, 26, 12);
    expect(relativeTime(now - 3 * 60_000, now)).toBe('il y a 3 minutes');
    expect(relativeTime(now - 2_000, now)).toBe('just now');
    document.documentElement.lang = 'en-US';
    expect(relativeTime(now - 3 * 60_000, now)).toBe('about 3 minutes ago');
    expect(relativeTime(now - 60 * 60_000, now)).toBe('about 1 hour ago');
  });
});
