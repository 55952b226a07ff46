/**
 * The words of the pages the server makes (not found, lock screen, member access, review
 * request, checkout and its confirmations, newsletter unsubscribe) and of the search results it renders into a theme's
 * page, English by default. A site in another language gets them from `server/i18n/<lang>.json`
 * by `website.language` in site.json (the search results: by the page's `<html lang>`), and a
 * site's own `strings` win over both (page-words.ts, docs/translations.md).
 */
import { shopUrlOf, timeZoneOf } from './commerce/store-settings';

/** Pages that are not the store's. */
export const PAGE_WORDS = {
  notFound: 'Page not found',
  goHome: 'Go to the home page',
  locked: 'Locked',
  lockedHeading: 'This page is locked',
  lockedText: 'The site owner has locked this page for now.',
  membersOnly: 'Members only',
  membersOnlyText: 'Sign in with your member account to see this page.',
  signInExpired: 'Your session has expired. Please sign in again.',
  reviewTitle: 'Review your purchase',
  oneResult: '{n} result for “{query}”',
  results: '{n} results for “{query}”',
  noResults: 'No pages match. Try fewer or other words.',
};

/** The checkout pages and their confirmations. */
export const CHECKOUT_WORDS = {
  title: 'Checkout',
  yourOrder: 'Your order',
  total: 'Total',
  name: 'Name',
  email: 'Email',
  orderNumber: 'Order number',
  date: 'Date',
  cartNote: 'This store takes no payment online: placing the order records it.',
  note: 'This store takes no payment online: this records your order.',
  placeOrder: 'Place order',
  cartSessionExpired: 'Your session has expired. Please place the order again.',
  sessionExpired: 'Your session has expired. Please try again.',
  nameAndEmail: 'Please enter your name and a valid email.',
  recipientNeeded: 'Please enter the recipient’s email.',
  amountNeeded: 'Please enter an amount.',
  tooManyOrders: 'Too many orders from your network. Please try again in a few minutes.',
  orderConfirmed: 'Order confirmed',
  orderThanks: 'Thank you, {name}. We have received your order.',
  reviewProduct: 'Review {title}',
  donate: 'Donate',
  donationMissing: 'This donation page could not be found. It may have been removed.',
  amount: 'Amount ({currency})',
  giving: 'You are giving {amount}.',
  chooseAmount: 'Choose how much you would like to give.',
  contributionConfirmed: 'Contribution confirmed',
  contributionThanks: 'Thank you for your support, {name}.',
  subscribe: 'Subscribe',
  subscriptionMissing: 'This subscription could not be found. It may have been removed.',
  subscriptionConfirmed: 'Subscription confirmed',
  subscriptionThanks: 'Welcome to the club, {name}.',
  buyGiftCard: 'Buy gift card',
  giftCardMissing: 'This gift card could not be found. It may have been removed.',
  giftCardWorth: 'A gift card worth {amount}.',
  recipient: 'Recipient email',
  orderReceived: 'Order received',
  giftCardThanks: 'Thank you, {name}. The gift card will be sent to {recipient}.',
};

/** The page a newsletter's unsubscribe link opens (routes/newsletter.ts). */
export const UNSUBSCRIBE_WORDS = {
  title: 'Unsubscribe',
  question: 'Send no more of this site’s newsletters to {email}?',
  unsubscribe: 'Unsubscribe',
  done: '{email} is unsubscribed: this site sends it no more newsletters.',
  unknown: 'This link is for no address on this site’s lists: it may have been used already. If newsletters still come, write to the site’s owner.',
};

/** A member's new password, asked for by mail (routes/member-password.ts), and the mail itself. */
export const PASSWORD_RESET_WORDS = {
  forgot: 'Forgot your password?',
  title: 'Reset your password',
  intro: 'Enter the email you sign in with. If it belongs to a member of this site, we send it a link to choose a new password.',
  email: 'Email',
  send: 'Send the link',
  sent: 'If {email} belongs to a member of this site, a link to choose a new password is on its way. It works for one hour.',
  unavailable: 'This site cannot send email. Please ask the site’s owner for a new password.',
  tooMany: 'Too many requests. Please try again later.',
  sessionExpired: 'Your session has expired. Please try again.',
  newTitle: 'Choose a new password',
  newPassword: 'New password',
  hint: 'At least {min} characters.',
  save: 'Save the password',
  tooShort: 'The password must have at least {min} characters.',
  invalidLink: 'This link has expired or was used already. Ask for a new one.',
  changed: 'Your password is changed. Sign in with it on the members’ pages.',
  mailSubject: 'Reset your password',
  mailText: 'Someone asked to reset the password of {email} on {site}. To choose a new one, open this link within an hour:',
  mailIgnore: 'If it was not you, ignore this email: your password stays as it is.',
  welcomeSubject: 'You are a member of {site}',
  welcomeText: 'You are now a member of {site}, with the address {email}. Choose your password with this link within 7 days:',
  welcomeAfter: 'Then sign in with it on the members’ pages. If the link has expired, use “Forgot your password?” there.',
  renewedSubject: 'Your password for {site} was changed',
  renewedText: 'The owner of {site} gave {email} a new password and signed you out. Choose your own password with this link within 7 days:',
};

/** The cart page's refusals, shown only after its form posted without the runtime (routes/cart.ts). */
export const CART_REFUSAL_WORDS = {
  notUpdated: 'Your cart could not be updated. Please try again.',
  notInStock: 'Not that many are left in stock: your cart shows what it holds now.',
};

/**
 * The short pages a browser gets when the site's own pages cannot be made: the database is
 * unavailable, a server error, an address that cannot be routed (error-pages.ts).
 */
export const ERROR_PAGE_WORDS = {
  unavailableTitle: 'Briefly unavailable',
  unavailable: 'This site is briefly unavailable. Please try again in a minute.',
  serverErrorTitle: 'Server error',
  serverError: 'This page could not be shown because of an error on the server. Please try again later.',
  reference: 'If it keeps happening, tell the site’s owner this reference: {reference}',
  badRequestTitle: 'Bad request',
  badRequest: 'This address is not valid. Check the link, or go on from the home page.',
  tryAgain: 'Try again',
};

/** The server's own areas and their English words: server/i18n/<lang>.json names each of them. */
export const SERVER_AREAS = { page: PAGE_WORDS, checkout: CHECKOUT_WORDS, cart: CART_REFUSAL_WORDS, error: ERROR_PAGE_WORDS, unsubscribe: UNSUBSCRIBE_WORDS, passwordReset: PASSWORD_RESET_WORDS };

const LANGUAGE_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

/** A BCP 47 tag Intl can use for money and dates, canonical (`pt-br` → `pt-BR`), or null. */
function languageTag(value: unknown): string | null {
  if (typeof value !== 'string' || !LANGUAGE_TAG.test(value)) return null;
  try {
    return Intl.getCanonicalLocales(value)[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * Whether a count takes the language's singular (`one`): 1 in English and German, 0 and 1 in
 * French. A tag Intl does not know counts as English.
 */
export function takesSingular(n: number, language: string): boolean {
  let rules: Intl.PluralRules;
  try {
    rules = new Intl.PluralRules(languageTag(language) ?? 'en');
  } catch {
    rules = new Intl.PluralRules('en');
  }
  return rules.select(n) === 'one';
}

/** The site's language (site.json `website.language`, a BCP 47 tag such as `de-DE`); English without one. */
export const siteLanguage = (site: Record<string, unknown>): string => languageTag((site.website as { language?: unknown } | undefined)?.language) ?? 'en';

/**
 * What is wrong with the site.json settings the server's pages read, one line each, for the log
 * at start: a setting it cannot use falls back (English, the home page, UTC) without a word
 * otherwise.
 */
export function siteSettingWarnings(site: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const language = (site.website as { language?: unknown } | undefined)?.language;
  if (language !== undefined && !languageTag(language)) warnings.push(`site.json: website.language ${JSON.stringify(language)} is not a language tag (such as "de-DE"); the server's pages are in English`);
  const settings = site.websiteSettings as { timeZone?: unknown; storeSettings?: Record<string, unknown> } | undefined;
  const shop = settings?.storeSettings?.continueShoppingLinkUrl;
  if (shop !== undefined && shopUrlOf(site) !== shop) warnings.push(`site.json: websiteSettings.storeSettings.continueShoppingLinkUrl ${JSON.stringify(shop)} is not a path on the site (such as "/shop"); Continue Shopping goes to the home page`);
  const zone = settings?.timeZone;
  if (zone !== undefined && timeZoneOf(site) !== zone) warnings.push(`site.json: websiteSettings.timeZone ${JSON.stringify(zone)} is not a time zone (such as "Europe/Berlin"); dates are in UTC`);
  return warnings;
}
