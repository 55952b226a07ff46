/**
 * The product-review request page's content (page type 209): the form, or what the visitor
 * reads instead (thanks, expired, already reviewed). The server renders it into the page's root
 * and the runtime adopts it (or renders it where nothing did, after asking for the request's
 * state). The server's form also works without the runtime: it posts to the page's own path
 * with the crumb and the token; the runtime submits with the API call instead.
 */
import { fill, escapeText } from '../text/format';
import type { ReviewStatus } from './messages';
import {
  ALREADY_REVIEWED, CHARACTERS_LEFT, CLOSE, CONTINUE_SHOPPING, DESCRIBE_LABEL, EXPIRED, RATE_YOUR_PURCHASE, RATING_LABEL,
  RATING_REQUIRED, REVIEW_TEXT_LIMIT, SOMETHING_WENT_WRONG, STAR_COUNT, SUBMIT, THANKS, TRY_AGAIN,
} from './messages';

/** The review page's address: the server's page, and where its form posts without the runtime. */
export const REVIEW_PAGE_PATH = '/commerce/reviews';
export const REVIEW_ROOT_ID = 'review-request-root';

/** The page's words, the spec's by default; the runtime and the server pass the page's language. */
export const REVIEW_WORDS = {
  alreadyReviewed: ALREADY_REVIEWED,
  close: CLOSE,
  continueShopping: CONTINUE_SHOPPING,
  describe: DESCRIBE_LABEL,
  expired: EXPIRED,
  rate: RATE_YOUR_PURCHASE,
  rating: RATING_LABEL,
  ratingRequired: RATING_REQUIRED,
  somethingWrong: SOMETHING_WENT_WRONG,
  submit: SUBMIT,
  thanks: THANKS,
  tryAgain: TRY_AGAIN,
  charactersLeft: `{n} ${CHARACTERS_LEFT}`,
  star: '{n} star',
  stars: '{n} stars',
};
export type ReviewWords = typeof REVIEW_WORDS;

/** What the server's form carries to post without the runtime, and what a refused post shows. */
export interface ReviewPost {
  crumb: string;
  token: string;
  /** The text the visitor wrote, kept when the post is refused. */
  body?: string;
  /** The rating was missing. */
  ratingMissing?: boolean;
  /** The post could not be taken (an old crumb): the status line asks to try again. */
  failed?: boolean;
}

const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeText(value)}">`;

function stars(words: ReviewWords, missing: boolean): string {
  let radios = '';
  for (let value = 1; value <= STAR_COUNT; value++) {
    radios += `<label for="review-star-${value}" class="review-star"><input type="radio" name="rating" value="${value}" id="review-star-${value}"${value === 1 ? ' required' : ''}><span>${escapeText(fill(value === 1 ? words.star : words.stars, { n: value }))}</span></label>`;
  }
  const invalid = missing ? ' aria-invalid="true" aria-describedby="review-rating-error"' : '';
  return `<fieldset class="review-stars"${invalid}><legend>${escapeText(words.rating)}</legend>${radios}<p class="review-error" id="review-rating-error">${missing ? escapeText(words.ratingRequired) : ''}</p></fieldset>`;
}

/**
 * The form. Without `post` (the runtime renders it) it does not post itself; with it, it posts
 * to REVIEW_PAGE_PATH and lets the browser check the rating until the runtime takes over.
 */
export function reviewFormHtml(words: ReviewWords, productTitle: string, shop: string, post?: ReviewPost): string {
  const body = post?.body ?? '';
  return (
    `<form class="review-form"${post ? ` method="post" action="${REVIEW_PAGE_PATH}"` : ' novalidate'}>` +
    (post ? hidden('crumb', post.crumb) + hidden('token', post.token) : '') +
    `<h1>${escapeText(words.rate)}</h1><p class="review-product">${escapeText(productTitle)}</p>` +
    stars(words, !!post?.ratingMissing) +
    `<p class="field"><label for="review-text">${escapeText(words.describe)}</label><textarea id="review-text" name="body" maxlength="${REVIEW_TEXT_LIMIT}" rows="6" aria-describedby="review-counter">${escapeText(body)}</textarea></p>` +
    `<p class="review-counter" id="review-counter">${escapeText(fill(words.charactersLeft, { n: REVIEW_TEXT_LIMIT - body.length }))}</p><p class="site-visually-hidden" aria-live="polite"></p>` +
    `<p class="review-actions"><button type="submit">${escapeText(words.submit)}</button> <a class="review-close" href="${escapeText(shop)}">${escapeText(words.close)}</a></p>` +
    `<p class="review-status" role="status">${post?.failed ? escapeText(`${words.somethingWrong}. ${words.tryAgain}`) : ''}</p></form>`
  );
}

/** What the visitor reads instead of the form: a heading (the runtime focuses it), a line, the way back to the store. */
export const reviewOutcomeHtml = (words: ReviewWords, shop: string, heading: string, detail?: string): string =>
  `<h1 tabindex="-1">${escapeText(heading)}</h1>${detail ? `<p>${escapeText(detail)}</p>` : ''}<p><a href="${escapeText(shop)}" class="button review-continue">${escapeText(words.continueShopping)}</a></p>`;

/** What the visitor reads for a request that cannot take a review. */
export function closedReviewMessage(words: ReviewWords, status: ReviewStatus): string {
  if (status === 'reviewed') return words.alreadyReviewed;
  if (status === 'expired') return words.expired;
  return words.somethingWrong;
}
