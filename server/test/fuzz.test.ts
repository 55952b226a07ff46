/**
 * Every route fuzzed (fast-check, 10,000 generated requests; 2,000 more on PostgreSQL): random path parameters, query
 * strings, headers and bodies, as a visitor with or without a crumb and as the signed-in owner.
 * Bodies include JSON nested thousands deep, as a body and as JSON text inside one. The server
 * answers only 2xx, 3xx or 4xx, never a stack trace, and a refused request leaves every table as
 * it was (no partial row, no cart), but for the limit counters, which count refused attempts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteSummary } from '../src/app';
import { cookieHeader, OWNER, rows, startTestServer, TEST_ENGINE, type TestServer, visitor } from './helper';

// 6,000 on SQLite, new ones every run; on PostgreSQL (the same routes and checks, another engine under them) 2,000,
// where each request costs three times as much.
const RUNS = Number(process.env.FUZZ_RUNS ?? (TEST_ENGINE === 'postgres' ? 2_000 : 6_000));

let server: TestServer;
let owner: Awaited<ReturnType<typeof visitor>>;
let anonymous: Awaited<ReturnType<typeof visitor>>;

beforeAll(async () => {
  server = await startTestServer();
  owner = await visitor(server.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  anonymous = await visitor(server.app);
});
afterAll(async () => server.close());

/** Failed sign-ins are counted before their outcome is known: a refused request writes there by design. */
const COUNTS_REFUSALS = ['limit_counters'];

/** Rows per table: what a refused request must leave as it was. */
let countEveryTable: string | null = null;
async function rowCounts(): Promise<Record<string, number>> {
  // One query for every table (a request of the fuzzing run is followed by this when refused).
  countEveryTable ??= `SELECT ${(await server.app.storage.db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !COUNTS_REFUSALS.includes(name))
    .map((name) => `(SELECT COUNT(*) FROM "${name}") AS "${name}"`)
    .join(', ')}`;
  const [counts] = await rows<Record<string, number>>(server, countEveryTable);
  return Object.fromEntries(Object.entries(counts!).map(([name, n]) => [name, Number(n)]));
}

/** 2,048 characters of three bytes each, none repeating nearby: past PostgreSQL's ~2,700-byte index entries, and incompressible. */
const WIDE = Array.from({ length: 2048 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000))).join('');
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '0', '-1', '1e309', 'null', 'true', '[]', '{}', '../../etc/passwd', '%00', 'a\u0000b', '<script>alert(1)</script>', 'a'.repeat(3000), WIDE, '5f1e0c0ffee0000000000001'),
);
/** Names the routes read, so that generated bodies reach past their schemas. */
const KEYS = ['email', 'password', 'formId', 'fields', 'form', 'id', 'items', 'hits', 'websiteId', 'url', 'title', 'quantity', 'productId', 'sku', 'data', 'doc', 'type', 'pageUrl', 'event', 'widgetJSON', 'commonData', 'customData', 'show', '__proto__'];

/** JSON text nested 100 to 10,000 deep, of arrays or objects: a body, or a string inside one (a hit's data). */
const deepJson = fc.tuple(fc.integer({ min: 100, max: 10_000 }), fc.boolean()).map(([depth, arrays]) =>
  arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`,
);
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    text,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom(...KEYS)), tie('value'), { maxKeys: 5 }),
    deepJson,
  ),
})).value;

const scalar = fc.oneof(text, fc.integer({ min: -2, max: 120 }), fc.boolean(), fc.constant(null), deepJson);

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}

/** A value with the schema's property names and random values: bodies that get past the first checks. */
function shapedBy(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return scalar;
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => shapedBy(branch, depth + 1)));
  if (schema.properties) {
    const entries = Object.entries(schema.properties).map(([key, value]) => [key, fc.oneof(shapedBy(value, depth + 1), scalar)] as const);
    return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
  }
  if (schema.items) return fc.array(shapedBy(schema.items, depth + 1), { minLength: 1, maxLength: 3 });
  return scalar;
}

const body = (route: RouteSummary) => fc.oneof(
  shapedBy(route.bodySchema as Schema | undefined).map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
  fc.constant(undefined),
  json.map((value) => ({ type: 'application/json', payload: JSON.stringify(value) })),
  text.map((value) => ({ type: 'application/json', payload: value })),
  json.map((value) => ({ type: 'text/plain', payload: JSON.stringify(value) })),
  fc.tuple(fc.constantFrom('application/json', 'text/plain'), deepJson, fc.constantFrom(...KEYS)).map(([type, deep, key]) => ({ type, payload: `{"${key}":${deep}}` })),
  fc.tuple(fc.constantFrom('application/json', 'text/plain'), deepJson).map(([type, deep]) => ({ type, payload: `[{"data":${deep},"event":"pageView","type":"x","pageUrl":"/"}]` })),
  text.map((value) => ({ type: 'text/plain', payload: value })),
  fc.dictionary(text, text, { maxKeys: 4 }).map((value) => ({ type: 'application/x-www-form-urlencoded', payload: new URLSearchParams(value).toString() })),
  fc.tuple(fc.constantFrom('application/xml', 'multipart/form-data', 'image/png', 'application/json; charset=utf-16'), text).map(([type, payload]) => ({ type, payload })),
);

describe('every route under generated requests', () => {
  it('answers 2xx/3xx/4xx only, shows no stack, and a refused request writes nothing', async () => {
    // Signing out would end the owner's session for the cases after it.
    // `OPTIONS *` is @fastify/cors's preflight catch-all (site-origins.test.ts covers it).
    const routes = server.routes.filter((route) => !/Logout/i.test(route.url) && route.url.startsWith('/'));
    expect(routes.length).toBeGreaterThan(60);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) => fc.tuple(fc.constant(route), body(route))),
        fc.array(text, { minLength: 3, maxLength: 3 }),
        fc.dictionary(text, text, { maxKeys: 3 }),
        fc.constantFrom('owner', 'visitor', 'no crumb'),
        fc.dictionary(fc.constantFrom('accept', 'origin', 'referer', 'user-agent', 'x-forwarded-for', 'accept-language', 'if-none-match', 'range'), text, { maxKeys: 2 }),
        async ([route, sent], params, query, who, headers) => {
          let n = 0;
          const path = route.url.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(params[n++ % params.length]!));
          const search = new URLSearchParams(query).toString();
          const url = search ? `${path}?${search}` : path;
          const before = await rowCounts();
          const options = {
            method: route.method as 'GET',
            url,
            headers: { ...headers, ...(sent ? { 'content-type': sent.type } : {}) },
            ...(sent ? { payload: sent.payload } : {}),
          };
          const response =
            who === 'no crumb'
              ? await server.app.inject({ ...options, headers: { ...options.headers, cookie: cookieHeader(anonymous.jar) } })
              : await (who === 'owner' ? owner : anonymous).inject(options as never);
          seen.add(`${route.method} ${route.url}`);
          expect(response.statusCode, `${route.method} ${url} → ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
          expect(response.body).not.toMatch(/\n\s+at .+:\d+:\d+/);
          if (response.statusCode >= 400) expect(await rowCounts(), `${route.method} ${url} → ${response.statusCode}`).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    // Every route was reached at least once.
    expect(routes.filter((route) => !seen.has(`${route.method} ${route.url}`))).toEqual([]);
  }, 600_000);
});
