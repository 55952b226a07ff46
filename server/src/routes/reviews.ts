/**
 * Product reviews (spec part 2 §2, page type 209): the request page (rendered in its state,
 * its form working with or without the runtime), its state, the submission (once per request,
 * never after it expires) and the owner's list.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { REVIEW_REQUEST_API, REVIEW_SUBMIT_API, REVIEW_TEXT_LIMIT, STAR_COUNT } from '../../../contract/review/messages';
import { reviewRequest, submitReview } from '../commerce/store';
import { crumbQuery } from '../schemas';
import { PAGE_WORDS } from '../page-text';
import { sendShellPage } from '../site-page';
import { REVIEW_PAGE_PATH, REVIEW_ROOT_ID, REVIEW_WORDS, closedReviewMessage, reviewFormHtml, reviewOutcomeHtml, type ReviewPost } from '../../../contract/review/form-markup';
import { ensureCrumb } from '../plugins/crumb';
import { formCrumbValid, formValue } from '../form-posts';
import { shopPageUrl } from '../site-address';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { latestReviews } from '../repositories/dashboards';
import type { ReviewsAnswer } from '../../../contract/api/owner-answers';

const tokenQuery = { type: 'object', required: ['token'], properties: { ...crumbQuery.properties, token: { type: 'string', maxLength: 64 } } } as const;

export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  /**
   * The review page in its state (the form, or why there is none; after a review, the thanks),
   * which the runtime adopts; its form also posts here without the runtime. `refused` shows the
   * form again, with why.
   */
  const sendReviewPage = (request: FastifyRequest, reply: FastifyReply, token: string, { refused, code = 200, thanked = false }: { refused?: Omit<ReviewPost, 'crumb' | 'token'>; code?: number; thanked?: boolean } = {}) =>
    sendShellPage(app, request, reply, async ({ words, site }) => {
      const text = words('review', REVIEW_WORDS);
      const shop = shopPageUrl(site, app.settings.publicUrl);
      const state = thanked ? null : await reviewRequest(app.storage, token);
      const content = !state
        ? reviewOutcomeHtml(text, shop, text.thanks)
        : state.status === 'open'
          ? reviewFormHtml(text, state.productTitle, shop, { crumb: ensureCrumb(app, request, reply), token, ...refused })
          : reviewOutcomeHtml(text, shop, closedReviewMessage(text, state.status));
      const main = `<div id="${REVIEW_ROOT_ID}" class="review-request">${content}</div>`;
      return { title: words('page', PAGE_WORDS).reviewTitle, pageType: PageType.REVIEWS_REQUEST, main, status: state?.status === 'open' ? code : 200 };
    });

  app.get(REVIEW_PAGE_PATH, async (request, reply) => sendReviewPage(request, reply, formValue((request.query as Record<string, unknown>).token, 64)));

  // The form posted without the runtime: the same checks as the API call; the outcome, or the form again.
  app.post(REVIEW_PAGE_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = formValue(body.token, 64);
    const text = formValue(body.body, REVIEW_TEXT_LIMIT);
    const rating = Number(formValue(body.rating, 1));
    if (!formCrumbValid(app, request)) {
      return sendReviewPage(request, reply, token, { refused: { body: text, failed: true }, code: 403 });
    }
    if (!Number.isInteger(rating) || rating < 1 || rating > STAR_COUNT) return sendReviewPage(request, reply, token, { refused: { body: text, ratingMissing: true }, code: 400 });
    const status = await submitReview(app.storage, token, rating, text.trim());
    return sendReviewPage(request, reply, token, { thanked: status === 'open' });
  });

  app.get(REVIEW_REQUEST_API, { schema: { querystring: tokenQuery } }, async (request) => {
    const state = await reviewRequest(app.storage, (request.query as { token: string }).token);
    return state.status === 'open' ? { status: 'open', productTitle: state.productTitle } : { status: state.status };
  });

  app.post(
    REVIEW_SUBMIT_API,
    {
      schema: {
        querystring: crumbQuery,
        body: {
          type: 'object',
          required: ['token', 'rating'],
          additionalProperties: false,
          properties: {
            token: { type: 'string', maxLength: 64 },
            rating: { type: 'integer', minimum: 1, maximum: STAR_COUNT },
            body: { type: 'string', maxLength: REVIEW_TEXT_LIMIT, default: '' },
          },
        },
      },
    },
    async (request, reply) => {
      const { token, rating, body } = request.body as { token: string; rating: number; body: string };
      const status = await submitReview(app.storage, token, rating, body.trim());
      if (status === 'open') return { status: 'reviewed' };
      const code = status === 'reviewed' ? 409 : status === 'expired' ? 410 : 404;
      return reply.code(code).send({ status, error: `Review request ${status}` });
    },
  );

  app.get(OWNER_PATHS.reviews, { schema: { querystring: crumbQuery } }, async (): Promise<ReviewsAnswer> => ({
    reviews: await latestReviews(app.storage),
  }));
}
