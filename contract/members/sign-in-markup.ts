/**
 * The member sign-in form of the member access page (page type 106), which the server renders
 * into the page's root and the runtime adopts (or inserts where nothing did): it is there from
 * the first paint, and nothing moves when the runtime arrives. Its button stays disabled until
 * the runtime makes the form work (signing in is an API call).
 */
import { escapeText } from '../text/format';

export const MEMBER_SIGN_IN_CLASS = 'member-sign-in';
/** The form's words, English by default; the runtime and the server pass the page's language. */
export const MEMBER_WORDS = {
  signIn: 'Sign in',
  email: 'Email',
  password: 'Password',
  remember: 'Remember me',
  form: 'Member sign-in',
  signingIn: 'Signing in…',
  signedIn: 'Signed in.',
};
export type MemberWords = typeof MEMBER_WORDS;

const field = (name: string, label: string, type: string, autocomplete: string) =>
  `<p class="field"><label for="member-${name}">${escapeText(label)}</label> <input id="member-${name}" name="${name}" type="${type}" required autocomplete="${autocomplete}"></p>`;

export const memberSignInHtml = (words: MemberWords = MEMBER_WORDS): string =>
  `<form class="${MEMBER_SIGN_IN_CLASS}" aria-label="${escapeText(words.form)}">` +
  field('email', words.email, 'email', 'username') +
  field('password', words.password, 'password', 'current-password') +
  `<p><input type="checkbox" id="member-remember" name="rememberMe"> <label for="member-remember">${escapeText(words.remember)}</label></p>` +
  `<p><button type="submit" disabled>${escapeText(words.signIn)}</button></p>` +
  `<p class="member-status" role="status"></p></form>`;
