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

const TABLE: Array<[CurrencyCode, string, string]> = [
  ['EUR', 'Euro', '978'],
  ['USD', 'US Dollar', '840'],
  ['AUD', 'Australian Dollar', '036'],
  ['NOK', 'Norwegian Krone', '578'],
  ['CAD', 'Canadian Dollar', '124'],
  ['NZD', 'New Zealand Dollar', '554'],
  ['DKK', 'Danish Krone', '208'],
  ['GBP', 'British Pound', '826'],
  ['HKD', 'Hong Kong Dollar', '344'],
  ['CHF', 'Swiss Franc', '756'],
  ['MXN', 'Mexican Peso', '484'],
  ['SGD', 'Singapore Dollar', '702'],
  ['SEK', 'Swedish Krona', '752'],
  ['CZK', 'Czech Koruna', '203'],
  ['ILS', 'Israeli New Shekel', '376'],
  ['PHP', 'Philippine Peso', '608'],
  ['RUB', 'Russian Ruble', '643'],
  ['PLN', 'Polish Zloty', '985'],
  ['THB', 'Thai Baht', '764'],
  ['MYR', 'Malaysian Ringgit', '458'],
  ['ARS', 'Argentine Peso', '032'],
  ['BRL', 'Brazilian Real', '986'],
  ['COP', 'Colombian Peso', '170'],
  ['IDR', 'Indonesian Rupiah', '360'],
  ['INR', 'Indian Rupee', '356'],
  ['JPY', 'Japanese Yen', '392'],
  ['ZAR', 'South African Rand', '710'],
];

/** Part 1 §3: JPY has no fraction digits; every other currency two. */
export const CURRENCIES: readonly Currency[] = Object.freeze(
  TABLE.map(([code, currencyName, numericCode]) => Object.freeze({ code, currencyName, numericCode, fractionDigits: code === 'JPY' ? 0 : 2 })),
);

export function currency(code: unknown): Currency | undefined {
  return CURRENCIES.find((c) => c.code === code);
}

export type Position = 'leading' | 'leading-space' | 'trailing-space' | 'leading-code';
export interface Symbol {
  symbol: string;
  position: Position;
}

/** Part 1 §3: the US-English set: A$, CA$, HK$ and €, £, $, all leading. */
export const US_ENGLISH_SYMBOLS: Partial<Record<CurrencyCode, string>> = { AUD: 'A$', CAD: 'CA$', HKD: 'HK$', EUR: '€', GBP: '£', USD: '$' };

/**
 * Part 1 §3: the native set: each currency's own symbol and position. DKK, NOK, SEK, CZK, RUB
 * and PLN trail with a space; ILS leads with a space; ARS, AUD and CAD show the symbol and,
 * after the amount, the code.
 */
export const NATIVE_SYMBOLS: Record<CurrencyCode, Symbol> = {
  EUR: { symbol: '€', position: 'leading' },
  USD: { symbol: '$', position: 'leading' },
  AUD: { symbol: '$', position: 'leading-code' },
  NOK: { symbol: 'kr', position: 'trailing-space' },
  CAD: { symbol: '$', position: 'leading-code' },
  NZD: { symbol: '$', position: 'leading' },
  DKK: { symbol: 'kr.', position: 'trailing-space' },
  GBP: { symbol: '£', position: 'leading' },
  HKD: { symbol: 'HK$', position: 'leading' },
  CHF: { symbol: 'CHF', position: 'leading-space' },
  MXN: { symbol: '$', position: 'leading' },
  SGD: { symbol: '$', position: 'leading' },
  SEK: { symbol: 'kr', position: 'trailing-space' },
  CZK: { symbol: 'Kč', position: 'trailing-space' },
  ILS: { symbol: '₪', position: 'leading-space' },
  PHP: { symbol: '₱', position: 'leading' },
  RUB: { symbol: '₽', position: 'trailing-space' },
  PLN: { symbol: 'zł', position: 'trailing-space' },
  THB: { symbol: '฿', position: 'leading' },
  MYR: { symbol: 'RM', position: 'leading' },
  ARS: { symbol: '$', position: 'leading-code' },
  BRL: { symbol: 'R$', position: 'leading' },
  COP: { symbol: '$', position: 'leading' },
  IDR: { symbol: 'Rp', position: 'leading' },
  INR: { symbol: '₹', position: 'leading' },
  JPY: { symbol: '¥', position: 'leading' },
  ZAR: { symbol: 'R', position: 'leading' },
};
