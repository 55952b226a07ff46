import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../security/json-depth';
import { withoutNul } from '../storage/text-values';

const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400 });

/** A parsed body's strings (and names) with U+0000 as U+FFFD, as storage keeps them: no code meets a NUL a visitor sent. */
const nulFree = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(nulFree);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([name, field]) => [withoutNul(name), nulFree(field)]));
  return withoutNul(value);
};

/**
 * JSON (application/json, and text/plain as beacons send it: no CORS preflight) is checked for
 * depth, then parsed with Fastify's own parser (which refuses `__proto__` and `constructor`
 * keys); url-encoded forms become an object of strings, a repeated field a list of them (the
 * cart page's lines).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const depthCheckedJson = (request: Parameters<typeof parseJson>[0], body: string, done: (error: Error | null, value?: unknown) => void) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return done(badRequest(`The body nests deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
    parseJson(request, body, (error: Error | null, value?: unknown) =>
      // Only the escape can put a NUL in JSON text (a raw one is not valid JSON).
      error ? done(badRequest('The body is not valid JSON.'), undefined) : done(null, body.includes('\\u0000') ? nulFree(value) : value),
    );
  };
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, depthCheckedJson);
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, depthCheckedJson);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields = new Map<string, string | string[]>();
    for (const [rawName, rawValue] of new URLSearchParams(body as string)) {
      const [name, value] = [withoutNul(rawName), withoutNul(rawValue)];
      const seen = fields.get(name);
      fields.set(name, seen === undefined ? value : [...[seen].flat(), value]);
    }
    // fromEntries defines own properties: a field named __proto__ is only a field.
    done(null, Object.fromEntries(fields));
  });
}

/**
 * Ajv turns a query's, a path's or a form's "1e309" (or "Infinity") into Infinity for an
 * integer field, and then skips its minimum and maximum, which it checks on finite numbers
 * only: PostgreSQL then failed the query. Such a request is refused before any handler.
 */
export function registerFiniteNumbers(app: FastifyInstance): void {
  const infinite = (part: unknown) => !!part && typeof part === 'object' && Object.values(part).some((value) => typeof value === 'number' && !Number.isFinite(value));
  app.addHook('preHandler', async (request, reply) => {
    if (infinite(request.query) || infinite(request.params) || infinite(request.body)) return reply.code(400).send({ error: 'A number is out of range.' });
  });
}
