/**
 * The product-review request page (page type 209, spec part 2 §2): its token comes from the
 * address; the page asks the server whether the request is open, then shows the star rating
 * (a native radio group: arrow keys move, required), the text with a characters-left counter,
 * and Submit / Close; afterwards the thanks and Continue Shopping.
 */
import type { PageContext } from '../../../../contract/context/types';
import { continueShoppingUrl } from '../../../../contract/commerce/routes';
import { request } from '../../net/request';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import type { DataError } from '../../net/data-error';
import { element, statusLine } from '../dom';
import { fill, texts } from '../../platform/strings';
import {
  ALREADY_REVIEWED, CHARACTERS_LEFT, CLOSE, CONTINUE_SHOPPING, DESCRIBE_LABEL, EXPIRED, RATE_YOUR_PURCHASE, RATING_LABEL,
  RATING_REQUIRED, REVIEW_REQUEST_API, REVIEW_SUBMIT_API, REVIEW_TEXT_LIMIT, SOMETHING_WENT_WRONG, STAR_COUNT, SUBMIT, THANKS,
  TRY_AGAIN, type ReviewStatus,
} from '../../../../contract/review/messages';

export const ROOT_ID = 'review-request-root';

/** The page's words (platform/strings.ts): the spec's, from the contract. */
export const reviewWords = texts('review', {
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
});
const words = reviewWords;


/** What the visitor reads for a request that cannot take a review. */
export function closedMessage(status: ReviewStatus): string {
  if (status === 'reviewed') return words().alreadyReviewed;
  if (status === 'expired') return words().expired;
  return words().somethingWrong;
}

const continueShopping = (shop: string) => element('a', { href: shop, className: 'button review-continue' }, words().continueShopping);

function closeButton(shop: string): HTMLButtonElement {
  const close = element('button', { type: 'button', className: 'review-close' }, words().close);
  // A page opened from an email: go back if there is somewhere to go, else to the shop.
  close.addEventListener('click', () => (history.length > 1 ? history.back() : location.assign(shop)));
  return close;
}

/** Replaces the page with a message (thanks, expired, already reviewed) and moves focus to it. */
function showOutcome(root: HTMLElement, shop: string, heading: string, detail?: string): void {
  const title = element('h1', { tabIndex: -1 }, heading);
  root.replaceChildren(title, ...(detail ? [element('p', {}, detail)] : []), element('p', {}, continueShopping(shop)));
  title.focus();
}

function reviewForm(root: HTMLElement, shop: string, token: string, productTitle: string): void {
  const legend = element('legend', {}, words().rating);
  const stars = element('fieldset', { className: 'review-stars' }, legend);
  const radios: HTMLInputElement[] = [];
  for (let value = 1; value <= STAR_COUNT; value++) {
    const radio = element('input', { type: 'radio', name: 'rating', value: String(value), id: `review-star-${value}`, required: value === 1 });
    radios.push(radio);
    stars.append(element('label', { htmlFor: radio.id, className: 'review-star' }, radio, element('span', {}, fill(value === 1 ? words().star : words().stars, { n: value }))));
  }
  const ratingError = element('p', { className: 'review-error', id: 'review-rating-error' });
  stars.append(ratingError);
  const text = element('textarea', { id: 'review-text', name: 'body', maxLength: REVIEW_TEXT_LIMIT, rows: 6 });
  const counter = element('p', { className: 'review-counter', id: 'review-counter' });
  counter.setAttribute('aria-live', 'polite');
  text.setAttribute('aria-describedby', counter.id);
  const count = () => (counter.textContent = fill(words().charactersLeft, { n: REVIEW_TEXT_LIMIT - text.value.length }));
  count();
  text.addEventListener('input', count);
  const submit = element('button', { type: 'submit' }, words().submit);
  const status = statusLine('review-status');
  const form = element(
    'form',
    { className: 'review-form', noValidate: true },
    element('h1', {}, words().rate),
    element('p', { className: 'review-product' }, productTitle),
    stars,
    element('p', { className: 'field' }, element('label', { htmlFor: text.id }, words().describe), text),
    counter,
    element('p', { className: 'review-actions' }, submit, ' ', closeButton(shop)),
    status,
  );
  form.addEventListener('change', () => {
    if (radios.some((r) => r.checked)) {
      ratingError.textContent = '';
      stars.removeAttribute('aria-invalid');
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    const chosen = radios.find((r) => r.checked);
    if (!chosen) {
      ratingError.textContent = words().ratingRequired;
      stars.setAttribute('aria-invalid', 'true');
      stars.setAttribute('aria-describedby', ratingError.id);
      radios[0]!.focus();
      return;
    }
    submit.disabled = true;
    status.textContent = '';
    request(REVIEW_SUBMIT_API, {
      method: 'POST',
      data: { token, rating: Number(chosen.value), body: text.value },
      onFailure: () => undefined,
    }).then(
      () => showOutcome(root, shop, words().thanks),
      (error: DataError) => {
        const answer = error.body?.status as ReviewStatus | undefined;
        if (answer === 'reviewed' || answer === 'expired') return showOutcome(root, shop, closedMessage(answer));
        submit.disabled = false;
        status.textContent = `${words().somethingWrong}. ${words().tryAgain}`;
      },
    );
  });
  root.replaceChildren(form);
}

export function start(context: Readonly<PageContext>): void {
  const shop = continueShoppingUrl(context.websiteSettings);
  const root = document.getElementById(ROOT_ID) ?? document.querySelector('main') ?? document.body;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  // Its form's look (blocks.css, unless the page links runtime.css).
  void loadStylesheet(assetUrl('blocks.css'));
  // The token is visitor input: it only ever travels as a query value, and only in this shape.
  if (!/^[\w-]{16,64}$/.test(token)) return showOutcome(root, shop, words().somethingWrong);
  root.setAttribute('aria-busy', 'true');
  request<{ status: ReviewStatus; productTitle?: string }>(REVIEW_REQUEST_API, { data: { token }, onFailure: () => undefined })
    .then(
      (answer) => (answer.status === 'open' ? reviewForm(root, shop, token, answer.productTitle ?? '') : showOutcome(root, shop, closedMessage(answer.status))),
      () => showOutcome(root, shop, words().somethingWrong, words().tryAgain),
    )
    .finally(() => root.removeAttribute('aria-busy'));
}
