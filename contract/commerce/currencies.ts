/**
 * The 27 currencies of spec part 1 §3 (code, currencyName, fractionDigits, numericCode per
 * ISO 4217), default USD, and their display symbols. Pure: imports nothing, touches no DOM.
 */
export interface Currency {
  code: CurrencyCode;
  currencyName: string;
  fractionDigits: number;
  numericCode: string;
}

export type CurrencyCode =
  | 'EUR' | 'USD' | 'AUD' | 'NOK' | 'CAD' | 'NZD' | 'DKK' | 'GBP' | 'HKD' | 'CHF' | 'MXN' | 'SGD' | 'SEK' | 'CZK'
  | 'ILS' | 'PHP' | 'RUB' | 'PLN' | 'THB' | 'MYR' | 'ARS' | 'BRL' | 'COP' | 'IDR' | 'INR' | 'JPY' | 'ZAR';

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

// Code, numeric code and name per record, in the spec's order; a string keeps site.js small.
const TABLE =
  'EUR978Euro|USD840US Dollar|AUD036Australian Dollar|NOK578Norwegian Krone|CAD124Canadian Dollar|NZD554New Zealand Dollar|DKK208Danish Krone|GBP826British Pound|HKD344Hong Kong Dollar|CHF756Swiss Franc|MXN484Mexican Peso|SGD702Singapore Dollar|SEK752Swedish Krona|CZK203Czech Koruna|ILS376Israeli New Shekel|PHP608Philippine Peso|RUB643Russian Ruble|PLN985Polish Zloty|THB764Thai Baht|MYR458Malaysian Ringgit|ARS032Argentine Peso|BRL986Brazilian Real|COP170Colombian Peso|IDR360Indonesian Rupiah|INR356Indian Rupee|JPY392Japanese Yen|ZAR710South African Rand';

/** Part 1 §3: JPY has no fraction digits; every other currency two. */
export const CURRENCIES: readonly Currency[] = Object.freeze(
  TABLE.split('|').map((row) => {
    const code = row.slice(0, 3) as CurrencyCode;
    return Object.freeze({ code, currencyName: row.slice(6), numericCode: row.slice(3, 6), fractionDigits: code === 'JPY' ? 0 : 2 });
  }),
);

export function currency(code: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c.code === code);
}

/**
 * A display template puts the currency around the number: `#` stands for the amount
 * (`€#` → `€12.50`, `# kr` → `12.50 kr`). The sign goes in front of the whole.
 */
export type MoneyTemplate = string;

/** Part 1 §3: the US-English set: A$, CA$, HK$ and €, £, $, all leading. */
export const US_ENGLISH_TEMPLATES: Partial<Record<CurrencyCode, MoneyTemplate>> = { AUD: 'A$#', CAD: 'CA$#', HKD: 'HK$#', EUR: '€#', GBP: '£#', USD: '$#' };

/**
 * Part 1 §3: the native set: each currency's own symbol and position. DKK, NOK, SEK, CZK, RUB
 * and PLN trail with a space; ILS leads with a space; ARS, AUD and CAD show the symbol and,
 * after the amount, the code.
 */
export const NATIVE_TEMPLATES: Record<CurrencyCode, MoneyTemplate> = {
  EUR: '€#',
  USD: '$#',
  AUD: '$# AUD',
  NOK: '# kr',
  CAD: '$# CAD',
  NZD: '$#',
  DKK: '# kr.',
  GBP: '£#',
  HKD: 'HK$#',
  CHF: 'CHF #',
  MXN: '$#',
  SGD: '$#',
  SEK: '# kr',
  CZK: '# Kč',
  ILS: '₪ #',
  PHP: '₱#',
  RUB: '# ₽',
  PLN: '# zł',
  THB: '฿#',
  MYR: 'RM#',
  ARS: '$# ARS',
  BRL: 'R$#',
  COP: '$#',
  IDR: 'Rp#',
  INR: '₹#',
  JPY: '¥#',
  ZAR: 'R#',
};

/**
 * CONTRACT §3a: every price on the page is shown in the store currency,
 * `websiteSettings.storeSettings.selectedCurrency`; missing or unknown means USD.
 */
export function storeCurrency(websiteSettings: { storeSettings?: { selectedCurrency?: unknown } } | undefined): CurrencyCode {
  return currency(websiteSettings?.storeSettings?.selectedCurrency)?.code ?? DEFAULT_CURRENCY;
}
