import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, NATIVE_TEMPLATES, US_ENGLISH_TEMPLATES, currency, storeCurrency, type CurrencyCode } from '../../../contract/commerce/currencies';

/** A template's symbol (without the trailing code of ARS, AUD, CAD) and whether it leads. */
const symbolOf = (code: CurrencyCode) => {
  const template = NATIVE_TEMPLATES[code];
  const symbol = template.replace('#', '').replace(` ${code}`, '').trim();
  return { symbol, leading: template.indexOf(symbol) < template.indexOf('#') };
};
import { MAX_INTEGER_DIGITS, formatMinorUnits, formatMoney, formatNumber } from '../../../contract/commerce/money';

/** A locale where each currency is at home, to compare symbols and positions with Intl. */
const HOME: Record<CurrencyCode, string> = {
  EUR: 'de-DE', USD: 'en-US', AUD: 'en-AU', NOK: 'nb-NO', CAD: 'en-CA', NZD: 'en-NZ', DKK: 'da-DK', GBP: 'en-GB', HKD: 'zh-HK',
  CHF: 'de-CH', MXN: 'es-MX', SGD: 'en-SG', SEK: 'sv-SE', CZK: 'cs-CZ', ILS: 'he-IL', PHP: 'en-PH', RUB: 'ru-RU', PLN: 'pl-PL',
  THB: 'th-TH', MYR: 'ms-MY', ARS: 'es-AR', BRL: 'pt-BR', COP: 'es-CO', IDR: 'id-ID', INR: 'en-IN', JPY: 'ja-JP', ZAR: 'en-ZA',
};

/**
 * Deliberate differences from Intl, each because the spec says otherwise (part 1 §3):
 * - numbers always use the default template (comma groups, period decimals), whatever the locale;
 * - every currency but JPY has 2 fraction digits (Intl gives COP and IDR 0);
 * - ARS, AUD and CAD show the symbol and then, after the amount, the code;
 * - ILS leads with a space (Intl's he-IL, right to left, puts ₪ after the number); MYR, BRL, COP, IDR, ZAR lead without one (Intl puts one);
 * - JPY uses ¥ (Intl's ja-JP uses the full-width ￥); EUR's native position is leading.
 */
const POSITION_DIFFERENCES = new Set<CurrencyCode>(['EUR', 'AUD', 'CAD', 'ARS', 'ILS']);
const SYMBOL_DIFFERENCES = new Set<CurrencyCode>(['JPY']);

describe('currencies (part 1 §3)', () => {
  it('has the 27 records, JPY with 0 fraction digits, the rest 2, default USD', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual(['EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK', 'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR']);
    for (const record of CURRENCIES) expect(record.fractionDigits).toBe(record.code === 'JPY' ? 0 : 2);
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(currency('JPY')).toMatchObject({ currencyName: 'Japanese Yen', numericCode: '392' });
    expect(currency('XXX')).toBeUndefined();
    for (const record of CURRENCIES) expect(record.numericCode).toMatch(/^\d{3}$/);
  });

  it('the US-English set matches Intl en-US exactly', () => {
    expect(Object.keys(US_ENGLISH_TEMPLATES).sort()).toEqual(['AUD', 'CAD', 'EUR', 'GBP', 'HKD', 'USD']);
    for (const code of Object.keys(US_ENGLISH_TEMPLATES) as CurrencyCode[]) {
      for (const amount of [0, 1234.5, -98765.432, 1e9]) {
        expect(formatMoney(amount, code)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount));
      }
    }
  });

  it('the native set uses each currency’s own symbol and side, as Intl does at home, except where the spec says otherwise', () => {
    for (const record of CURRENCIES) {
      const parts = new Intl.NumberFormat(HOME[record.code], { style: 'currency', currency: record.code }).formatToParts(1234.5);
      const symbolAt = parts.findIndex((p) => p.type === 'currency');
      const numberAt = parts.findIndex((p) => p.type === 'integer');
      const native = symbolOf(record.code);
      if (!SYMBOL_DIFFERENCES.has(record.code)) expect(native.symbol, record.code).toBe(parts[symbolAt]!.value);
      if (!POSITION_DIFFERENCES.has(record.code)) expect(native.leading, record.code).toBe(symbolAt < numberAt);
    }
  });

  it('formats with the spec templates', () => {
    const cases: Array<[number, string, string]> = [
      [1234.5, 'NOK', '1,234.50 kr'],
      [1234.5, 'DKK', '1,234.50 kr.'],
      [1234.5, 'SEK', '1,234.50 kr'],
      [1234.5, 'CZK', '1,234.50 Kč'],
      [1234.5, 'RUB', '1,234.50 ₽'],
      [1234.5, 'PLN', '1,234.50 zł'],
      [1234.5, 'ILS', '₪ 1,234.50'],
      [1234.5, 'ARS', '$1,234.50 ARS'],
      [1234.5, 'JPY', '¥1,235'],
      [1234.5, 'INR', '₹1,234.50'],
      [-5, 'SEK', '-5.00 kr'],
      [12, 'CHF', 'CHF 12.00'],
    ];
    for (const [amount, code, expected] of cases) expect(formatMoney(amount, code)).toBe(expected);
    expect(formatMoney(1234.5, 'AUD', { template: 'native' })).toBe('$1,234.50 AUD');
    expect(formatMoney(1234.5, 'CAD', { template: 'native' })).toBe('$1,234.50 CAD');
    expect(formatMoney(1234, 'USD', { trimZeroFraction: true })).toBe('$1,234');
    expect(formatMoney(1234.5, 'USD', { trimZeroFraction: true })).toBe('$1,234.50');
    expect(formatMoney(1234567, 'USD', { grouping: false })).toBe('$1234567.00');
    expect(formatMoney(-0.001, 'USD')).toBe('$0.00');
    expect(formatMoney(5, 'XYZ')).toBe('$5.00');
    expect(formatMinorUnits(1250, 'USD')).toBe('$12.50');
    expect(formatMinorUnits(1250, 'JPY')).toBe('¥1,250');
  });

  it('the store currency comes from the website settings, USD when missing or unknown', () => {
    expect(storeCurrency({ storeSettings: { selectedCurrency: 'EUR' } })).toBe('EUR');
    expect(storeCurrency({ storeSettings: { selectedCurrency: 'XYZ' } })).toBe('USD');
    expect(storeCurrency({})).toBe('USD');
    expect(storeCurrency(undefined)).toBe('USD');
  });

  it('at most 15 integer places; not-a-number is refused', () => {
    expect(MAX_INTEGER_DIGITS).toBe(15);
    expect(formatNumber(999_999_999_999_999, 0)).toBe('999,999,999,999,999');
    expect(() => formatNumber(1e15, 0)).toThrow('at most 15 integer places');
    expect(() => formatNumber(Number.NaN, 2)).toThrow(RangeError);
  });
});
