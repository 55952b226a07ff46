/**
 * Money display (spec part 1 §3; CONTRACT §3a): the default number template (comma groups,
 * period decimals, at most 15 integer places) with the US-English symbols for AUD, CAD, HKD,
 * EUR, GBP, USD and the native symbols for the rest. Pure.
 */
import { DEFAULT_CURRENCY, NATIVE_TEMPLATES, US_ENGLISH_TEMPLATES, currency, type CurrencyCode, type MoneyTemplate } from './currencies';

/** Part 1 §3: at most 15 integer places. */
export const MAX_INTEGER_DIGITS = 15;

export interface MoneyOptions {
  /** Force the native symbols even for the US-English set. */
  template?: 'native' | 'us-english';
  /** Thousands separators (default true). */
  grouping?: boolean;
  /** Drop a zero fraction: $12 instead of $12.00 (default false). */
  trimZeroFraction?: boolean;
  /** The page's language (`de-DE`): other than English, the amount is written its way by Intl (`12,50 €`). */
  locale?: string;
}

/** Whether a language tag asks for another form than the spec's US-English one. */
export const foreignLocale = (locale: string | undefined): locale is string => !!locale && !/^en\b/i.test(locale);

/** The number in the default template: `1234567.5`, 2 → `1,234,567.50`. */
export function formatNumber(amount: number, fractionDigits: number, grouping = true, trimZeroFraction = false): string {
  if (!Number.isFinite(amount)) throw new RangeError(`Cannot format ${amount} as money.`);
  const fixed = Math.abs(amount).toFixed(fractionDigits);
  const [whole = '0', fraction = ''] = fixed.split('.');
  // toFixed writes 1e21 and up in exponent form: past the limit as well.
  if (whole.length > MAX_INTEGER_DIGITS || !/^\d+(\.\d+)?$/.test(fixed)) throw new RangeError(`Money has at most ${MAX_INTEGER_DIGITS} integer places.`);
  const grouped = grouping ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  const keepFraction = fraction && !(trimZeroFraction && /^0+$/.test(fraction));
  // -0.00 is shown as 0.00.
  const negative = amount < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${grouped}${keepFraction ? `.${fraction}` : ''}`;
}

export function templateFor(code: CurrencyCode, template?: 'native' | 'us-english'): MoneyTemplate {
  return (template !== 'native' && US_ENGLISH_TEMPLATES[code]) || NATIVE_TEMPLATES[code];
}

/** `12.5`, 'USD' → `$12.50`; an unknown code is shown as the default currency. */
export function formatMoney(amount: number, currencyCode: string = DEFAULT_CURRENCY, options: MoneyOptions = {}): string {
  const record = currency(currencyCode) ?? currency(DEFAULT_CURRENCY)!;
  const number = formatNumber(amount, record.fractionDigits, options.grouping ?? true, options.trimZeroFraction ?? false);
  const negative = number.startsWith('-');
  return (negative ? '-' : '') + templateFor(record.code, options.template).replace('#', negative ? number.slice(1) : number);
}

/** Minor units (cents) to a money string: 1250, 'USD' → `$12.50`. */
export function formatMinorUnits(minor: number, currencyCode: string = DEFAULT_CURRENCY, options: MoneyOptions = {}): string {
  const record = currency(currencyCode) ?? currency(DEFAULT_CURRENCY)!;
  if (foreignLocale(options.locale)) {
    try {
      return new Intl.NumberFormat(options.locale, { style: 'currency', currency: record.code }).format(minor / 10 ** record.fractionDigits);
    } catch {
      /* a tag Intl does not know: the default form */
    }
  }
  return formatMoney(minor / 10 ** record.fractionDigits, record.code, options);
}
