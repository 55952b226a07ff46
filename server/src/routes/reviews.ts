/**
 * Product reviews (spec part 2 §2, page type 209): the request page, its state, the
 * submission (once per request, never after it expires) and the owner's list.
 */
import type { FastifyInstance } from 'fastify';
import { PageType } from '../../../contract/model/page-types';
import { REVIEW_REQUEST_API, REVIEW_SUBMIT_API, REVIEW_TEXT_LIMIT, STAR_COUNT } from '../../../contract/review/messages';
import { reviewRequest, submitReview } from '../commerce/store';
import { crumbQuery } from '../schemas';
import { escapeHtml } from '../html';
import { PAGE_WORDS } from '../page-text';
import { sendShellPage } from '../site-page';
import { OWNER_PATHS } from '../../../contract/api/owner-paths';
import { latestReviews } from '../repositories/dashboards';
import type { ReviewsAnswer } from '../../../contract/api/owner-answers';

const tokenQuery = { type: 'object', required: ['token'], properties: { ...crumbQuery.properties, token: { type: 'string', maxLength: 64 } } } as const;

export default async function reviewRoutes(app: FastifyInstance): Promise<void> {
  // The runtime loads the review bundle for page type 209 and renders into the root.
  app.get('/commerce/reviews', async (request, reply) => {
    return sendShellPage(app, request, reply, ({ words }) => {
      const text = words('page', PAGE_WORDS);
      const main = `<div id="review-request-root" class="review-request"><noscript><p>${escapeHtml(text.reviewsNeedScript)}</p></noscript></div>`;
      return { title: text.reviewTitle, pageType: PageType.REVIEWS_REQUEST, main };
    });
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
