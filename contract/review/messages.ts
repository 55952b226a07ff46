/** The product-review request page's strings (spec part 2 §2, §5, §8), verbatim. */
import type * as Paths from '../api/paths';
const REVIEWS_PATH: typeof Paths.REVIEWS_PATH = '/api/commerce/reviews';
const REVIEW_REQUEST_PATH: typeof Paths.REVIEW_REQUEST_PATH = '/api/commerce/reviews/request';
export const RATE_YOUR_PURCHASE = 'Rate your purchase';
export const RATING_LABEL = 'Rating (required)';
export const DESCRIBE_LABEL = 'Describe your experience';
export const CHARACTERS_LEFT = 'characters left';
export const SUBMIT = 'Submit';
export const CLOSE = 'Close';
export const CONTINUE_SHOPPING = 'Continue Shopping';
export const THANKS = 'Thanks for your feedback';
export const ALREADY_REVIEWED = 'You have already reviewed this purchase';
export const EXPIRED = 'Your review request has expired';
export const SOMETHING_WENT_WRONG = 'Something went wrong';
export const TRY_AGAIN = 'Try submitting your review again';
export const RATING_REQUIRED = 'Please select a star rating';

/** The spec does not show the limit; ours, documented in docs/blocks/store-pages.md. */
export const REVIEW_TEXT_LIMIT = 1000;
export const STAR_COUNT = 5;

/** What the server answers about a review request. */
export type ReviewStatus = 'open' | 'expired' | 'reviewed' | 'unknown';
export const REVIEW_REQUEST_API = REVIEW_REQUEST_PATH;
export const REVIEW_SUBMIT_API = REVIEWS_PATH;
