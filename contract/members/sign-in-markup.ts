/**
 * The member sign-in form of the member access page (page type 106), which the server renders
 * into the page's root and the runtime adopts (or inserts where nothing did): it is there from
 * the first paint, and nothing moves when the runtime arrives. The server's form also works
 * without the runtime (a blocked or failed script): it posts to MEMBER_SIGN_IN_FORM_PATH with
 * the crumb and the page to come back to; the runtime signs in with the API call instead.
 */
import { escapeText } from '../text/format';

export const MEMBER_SIGN_IN_CLASS = 'member-sign-in';
/** Where the server's form posts when no script takes it (our addition to the spec's API). */
export const MEMBER_SIGN_IN_FORM_PATH = '/members/sign-in';
/** The form's words, English by default; the runtime and the server pass the page's language. */
export const MEMBER_WORDS = {
  signIn: 'Sign in',
  email: 'Email',
  password: 'Password',
  remember: 'Remember me',
  form: 'Member sign-in',
  signingIn: 'Signing in…',
  signedIn: 'Signed in.',
  /** A wrong email or password (401), and too many tries (429): the server's answers, worded here. */
  invalid: 'Invalid email or password.',
  tooMany: 'Too many sign-in attempts. Please try again later.',
};
export type MemberWords = typeof MEMBER_WORDS;

/** What the server's form carries to post without the runtime, and a refused attempt's message. */
export interface SignInPost {
  crumb: string;
  /** The page to come back to, a path on the site. */
  next: string;
  email?: string;
  error?: string;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeText(value)}">`;

const field = (name: string, label: string, type: string, autocomplete: string, extra = '') =>
  `<p class="field"><label for="member-${name}">${escapeText(label)}</label> <input id="member-${name}" name="${name}" type="${type}" required autocomplete="${autocomplete}"${extra}></p>`;

export const memberSignInHtml = (words: MemberWords = MEMBER_WORDS, post?: SignInPost): string =>
  // Posted, never sent as a query: a password must not end up in an address or a log.
  `<form class="${MEMBER_SIGN_IN_CLASS}" aria-label="${escapeText(words.form)}" method="post"${post ? ` action="${MEMBER_SIGN_IN_FORM_PATH}"` : ''}>` +
  (post ? hidden('crumb', post.crumb) + hidden('next', post.next) : '') +
  (post?.error ? `<p class="form-error" role="alert">${escapeText(post.error)}</p>` : '') +
  field('email', words.email, 'email', 'username', post?.email ? ` value="${escapeText(post.email)}"` : '') +
  field('password', words.password, 'password', 'current-password', post?.error ? ' autofocus' : '') +
  `<p><input type="checkbox" id="member-remember" name="rememberMe"> <label for="member-remember">${escapeText(words.remember)}</label></p>` +
  `<p><button type="submit">${escapeText(words.signIn)}</button></p>` +
  `<p class="member-status" role="status"></p></form>`;
