/**
 * Link checks of spec part 1 §5: length limits ('under N' is strictly less, CONTRACT §3a) and
 * what makes each kind of link 'proper'. Each check takes the whole link, scheme included.
 * Pure: no DOM, no imports.
 */
export const LINK_LENGTH_LIMITS = {
  tel: 50,
  sms: 1000,
  mailto: 1000,
  anchor: 100,
  ftp: 100,
  javascript: 250,
  internal: 150,
} as const;
export type LinkKind = keyof typeof LINK_LENGTH_LIMITS;

export const isUnderLimit = (kind: LinkKind, link: string): boolean => link.length < LINK_LENGTH_LIMITS[kind];

const after = (prefix: string, link: string): string | null =>
  link.slice(0, prefix.length).toLowerCase() === prefix ? link.slice(prefix.length) : null;

/** `tel:` with at least four digits and nothing but digits, plus and minus signs. */
export function isProperTel(link: string): boolean {
  const number = after('tel:', link);
  return number !== null && isUnderLimit('tel', link) && /^[\d+-]+$/.test(number) && (number.match(/\d/g)?.length ?? 0) >= 4;
}

/** `sms:` with digits, brackets, plus, minus and commas (a list of numbers). */
export function isProperSms(link: string): boolean {
  const numbers = after('sms:', link);
  return numbers !== null && isUnderLimit('sms', link) && /^[\d()+,-]+$/.test(numbers) && /\d/.test(numbers);
}

/** `mailto:` with exactly one @ and a domain that ends in an extension (`.org`). */
export function isProperMailto(link: string): boolean {
  const rest = after('mailto:', link);
  if (rest === null || !isUnderLimit('mailto', link)) return false;
  const address = rest.split('?')[0]!;
  const parts = address.split('@');
  return parts.length === 2 && parts[0] !== '' && /^[^\s@]+\.[a-z]{2,}$/i.test(parts[1]!);
}

export const isProperAnchor = (link: string): boolean => /^#\S+$/.test(link) && isUnderLimit('anchor', link);

export const isProperFtp = (link: string): boolean => /^ftp:\/\/[^\s/?#]+/i.test(link) && isUnderLimit('ftp', link);

export const isProperJavascript = (link: string): boolean => after('javascript:', link) !== null && isUnderLimit('javascript', link);

/** A path on the site itself. */
export const isProperInternal = (link: string): boolean => /^\/(?!\/)\S*$/.test(link) && isUnderLimit('internal', link);

/** An http(s) address whose host ends in a 2–3 letter top-level domain. */
export function isProperUrl(link: string): boolean {
  const match = /^https?:\/\/(?:[^\s@/?#]*@)?([^\s/?#:]+)(?::\d+)?(?:[/?#]\S*)?$/i.exec(link);
  return !!match && /^[a-z\d-]+(\.[a-z\d-]+)*\.[a-z]{2,3}$/i.test(match[1]!);
}
