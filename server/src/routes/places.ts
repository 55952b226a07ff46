import type { FastifyInstance } from 'fastify';
import { createPlaces } from '../places/cities';
import { crumbQuery } from '../schemas';
import { PLACES_AUTOCOMPLETE_PATH, PLACES_DETAILS_PATH } from '../../../contract/api/paths';

/** The tracking context part 2 §7 requires on place calls. */
const tracking = {
  productPage: { type: 'string', minLength: 1, maxLength: 64 },
  productSection: { type: 'string', minLength: 1, maxLength: 64 },
} as const;

/**
 * Address suggestions answered from an offline data set (no third party, works without a
 * network): the paths keep the names of part 2 §7.
 */
export default async function placesRoutes(app: FastifyInstance): Promise<void> {
  const places = createPlaces();
  // A listening server builds the index in the background, so that the first visitor who types
  // an address does not wait for it (tests through inject skip this).
  app.addHook('onListen', async () => {
    setTimeout(() => places.autocomplete('warm-up'), 0);
  });
  app.get(
    PLACES_AUTOCOMPLETE_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['input', 'productPage', 'productSection'],
          properties: { ...crumbQuery.properties, ...tracking, input: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request) => ({ predictions: places.autocomplete((request.query as { input: string }).input) }),
  );
  app.get(
    PLACES_DETAILS_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['placeId', 'productPage', 'productSection'],
          properties: { ...crumbQuery.properties, ...tracking, placeId: { type: 'string', pattern: '^[0-9]{1,12}$' } },
        },
      },
    },
    async (request, reply) => {
      const details = places.details((request.query as { placeId: string }).placeId);
      return details ? { result: details } : reply.code(404).send({ error: 'Unknown place.' });
    },
  );
}
