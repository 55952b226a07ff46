/**
 * The product-review request page (page type 209, spec part 2 §2): the star rating (a native
 * radio group: arrow keys move, required), the text with a characters-left counter, and
 * Submit / Close; afterwards the thanks and Continue Shopping. The server renders the page's
 * state into its root (contract/review/form-markup.ts) and this adopts it; where the root is
 * empty, the page asks the server whether the request (its token from the address) is open.
 */
import type { PageContext } from '../../../../contract/context/types';
import { continueShoppingUrl } from '../../../../contract/commerce/routes';
import { request } from '../../net/request';
import { assetUrl, loadStylesheet } from '../../platform/assets';
import type { DataError } from '../../net/data-error';
import { fill, texts } from '../../platform/strings';
import { debounce, TYPING_PAUSE_MS } from '../../platform/timing';
import { REVIEW_REQUEST_API, REVIEW_SUBMIT_API, REVIEW_TEXT_LIMIT, type ReviewStatus } from '../../../../contract/review/messages';
import { REVIEW_ROOT_ID, REVIEW_WORDS, closedReviewMessage, reviewFormHtml, reviewOutcomeHtml } from '../../../../contract/review/form-markup';
import { trustedHtml } from '../../platform/trusted-types';

export const ROOT_ID = REVIEW_ROOT_ID;

/** The page's words (platform/strings.ts): the spec's, from the contract. */
export const reviewWords = texts('review', REVIEW_WORDS);
const words = reviewWords;

/** What the visitor reads for a request that cannot take a review. */
export const closedMessage = (status: ReviewStatus): string => closedReviewMessage(words(), status);

/** Replaces the page with a message (thanks, expired, already reviewed) and moves focus to it. */
function showOutcome(root: HTMLElement, shop: string, heading: string, detail?: string): void {
  root.innerHTML = trustedHtml(reviewOutcomeHtml(words(), shop, heading, detail));
  root.querySelector('h1')!.focus();
}

/** Makes the form work: the rating checked here, the counter live, Close going back, Submit through the API. */
function bindForm(root: HTMLElement, form: HTMLFormElement, shop: string, token: string): void {
  const stars = form.querySelector('fieldset')!;
  const radios = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="rating"]'));
  const ratingError = form.querySelector('.review-error')!;
  const text = form.querySelector('textarea')!;
  const counter = form.querySelector('.review-counter')!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const status = form.querySelector('[role="status"]')!;
  form.noValidate = true;
  // Read with the field; spoken on its own once typing pauses.
  const spoken = form.querySelector('[aria-live]');
  const speak = debounce((said: string) => spoken && (spoken.textContent = said), TYPING_PAUSE_MS);
  const count = () => speak((counter.textContent = fill(words().charactersLeft, { n: REVIEW_TEXT_LIMIT - text.value.length })));
  text.addEventListener('input', count);
  // A page opened from an email: go back if there is somewhere to go, else to the shop (the link).
  form.querySelector('.review-close')!.addEventListener('click', (event) => {
    if (history.length > 1) {
      event.preventDefault();
      history.back();
    }
  });
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
}

export function start(context: Readonly<PageContext>): void {
  const own = document.getElementById(ROOT_ID);
  // The server's own link when it rendered the page: the site's pages may be on another host.
  const shop = own?.querySelector('.review-close, .review-continue')?.getAttribute('href') ?? continueShoppingUrl(context.websiteSettings);
  const root = own ?? document.querySelector('main') ?? document.body;
  // Its form's look (blocks.css, unless the page links runtime.css).
  void loadStylesheet(assetUrl('blocks.css'));
  const rendered = root.querySelector<HTMLFormElement>('form.review-form');
  const token = (rendered?.elements.namedItem('token') as HTMLInputElement | null)?.value ?? new URLSearchParams(location.search).get('token') ?? '';
  if (rendered) return bindForm(root, rendered, shop, token);
  // The server said what there is to say (thanks, expired…): nothing to do.
  if (own?.querySelector('h1')) return;
  // The token is visitor input: it only ever travels as a query value, and only in this shape.
  if (!/^[\w-]{16,64}$/.test(token)) return showOutcome(root, shop, words().somethingWrong);
  root.setAttribute('aria-busy', 'true');
  request<{ status: ReviewStatus; productTitle?: string }>(REVIEW_REQUEST_API, { data: { token }, onFailure: () => undefined })
    .then(
      (answer) => {
        if (answer.status !== 'open') return showOutcome(root, shop, closedMessage(answer.status));
        root.innerHTML = trustedHtml(reviewFormHtml(words(), answer.productTitle ?? '', shop));
        bindForm(root, root.querySelector('form')!, shop, token);
      },
      () => showOutcome(root, shop, words().somethingWrong, words().tryAgain),
    )
    .finally(() => root.removeAttribute('aria-busy'));
}
