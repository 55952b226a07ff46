/** Cookie banner settings with the spec's defaults (part 1 §3, §5). Pure. */
export const DEFAULT_BANNER_TEXT =
  'By using this website, you agree to our use of cookies. We use cookies to provide you with a great experience and to help our website run effectively.';
export const DEFAULT_ACCEPT_TEXT = 'Accept';
export const DEFAULT_DECLINE_TEXT = 'Decline';
/** The banner's default words; the runtime and the server pass the page's language. */
export const BANNER_WORDS = { text: DEFAULT_BANNER_TEXT, accept: DEFAULT_ACCEPT_TEXT, decline: DEFAULT_DECLINE_TEXT, label: 'Cookie banner' };
export type BannerWords = typeof BANNER_WORDS;

export type BannerVariant = 'BAR' | 'POPUP';
export type BannerTheme = 'LIGHT' | 'DARK';
export type CtaVariant = 'TEXT' | 'BUTTON' | 'ICON';
export type AcceptType = 'OPT_IN' | 'OPT_IN_AND_OUT';
export const BAR_POSITIONS = ['TOP', 'BOTTOM'] as const;
export const POPUP_POSITIONS = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT'] as const;

export interface BannerSettings {
  text: string;
  ctaText: string;
  ctaVariant: CtaVariant;
  optOutCtaText: string;
  variant: BannerVariant;
  theme: BannerTheme;
  position: string;
  acceptType: AcceptType;
}

const pick = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() ? value : fallback);

export function bannerSettings(raw: Record<string, unknown>, words: BannerWords = BANNER_WORDS): BannerSettings {
  const variant = pick(raw.cookieBannerVariant, ['BAR', 'POPUP'], 'BAR');
  return {
    text: text(raw.cookieBannerText, words.text),
    ctaText: text(raw.cookieBannerCtaText, words.accept),
    ctaVariant: pick(raw.cookieBannerCtaVariant, ['TEXT', 'BUTTON', 'ICON'], 'ICON'),
    optOutCtaText: text(raw.cookieBannerOptOutCtaText, words.decline),
    variant,
    theme: pick(raw.cookieBannerTheme, ['LIGHT', 'DARK'], 'DARK'),
    position: variant === 'BAR' ? pick(raw.cookieBannerPosition, BAR_POSITIONS, 'BOTTOM') : pick(raw.cookieBannerPosition, POPUP_POSITIONS, 'BOTTOM_LEFT'),
    acceptType: pick(raw.cookieBannerAcceptType, ['OPT_IN', 'OPT_IN_AND_OUT'], 'OPT_IN'),
  };
}
