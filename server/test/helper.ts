import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll } from 'vitest';
import { buildApp, type RouteSummary } from '../src/app';
import { loadConfig, type ServerConfig } from '../src/config';
import { freshPostgresDatabase } from './engines';

export const OWNER = { email: 'owner@test.local', password: 'owner-password-1' };
export const VIEWER = { email: 'viewer@test.local', password: 'viewer-password-1' };
export const MEMBER = { email: 'member@test.local', password: 'member-password-1' };
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface TestServer {
  app: FastifyInstance;
  config: ServerConfig;
  routes: RouteSummary[];
  close(): Promise<void>;
}

/** Builds the app on a fresh temporary DATA_DIR, as the fastify/demo tests do. */
/** The engine this run's server tests use: the `server-postgres` project sets TESSERA_TEST_ENGINE. */
export const TEST_ENGINE = process.env.TESSERA_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-server-'));
  const databaseUrl = TEST_ENGINE === 'postgres' && overrides.databaseUrl === undefined ? await freshPostgresDatabase() : (overrides.databaseUrl ?? null);
  const config = loadConfig(
    { OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, VIEWER_EMAIL: VIEWER.email, VIEWER_PASSWORD: VIEWER.password, MEMBER_EMAIL: MEMBER.email, MEMBER_PASSWORD: MEMBER.password },
    { dataDir, rootDir, logger: false, ...overrides, databaseUrl },
  );
  const { app, routes } = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    routes,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request id the server made (a random UUID). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** One line of the server's log, as pino writes it. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/** A test server whose log lines land, parsed, in `lines`. */
export async function startLoggedTestServer(overrides: Partial<ServerConfig> = {}): Promise<{ server: TestServer; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().trim().split('\n').map((line) => JSON.parse(line) as LogLine)));
  return { server: await startTestServer({ logger: true, logStream: stream, ...overrides }), lines };
}

/** Starts test servers (`start`, or `startLogged` with their log lines) that are closed once the file's tests are done. */
export function serversClosedAfterAll() {
  const started: TestServer[] = [];
  afterAll(async () => {
    for (const server of started) await server.close().catch(() => undefined);
  });
  return {
    async start(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
      const server = await startTestServer(overrides);
      started.push(server);
      return server;
    },
    async startLogged(overrides: Partial<ServerConfig> = {}): Promise<{ server: TestServer; lines: LogLine[] }> {
      const logged = await startLoggedTestServer(overrides);
      started.push(logged.server);
      return logged;
    },
  };
}

/** The cookies a response set, as a Cookie header value merged over `jar`. */
export function cookieJar(response: LightMyRequestResponse, jar: Record<string, string> = {}): Record<string, string> {
  for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number }>) {
    if (cookie.value === '' || cookie.maxAge === 0) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

export const cookieHeader = (jar: Record<string, string>) =>
  Object.entries(jar)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/** A visitor with a crumb: GET / first, as a browser would. */
export async function visitor(app: FastifyInstance) {
  const home = await app.inject({ method: 'GET', url: '/' });
  const jar = cookieJar(home);
  return {
    jar,
    crumb: jar.crumb!,
    inject(options: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: Record<string, string> }) {
      const separator = options.url.includes('?') ? '&' : '?';
      return app
        .inject({
          ...options,
          url: `${options.url}${separator}crumb=${encodeURIComponent(jar.crumb!)}`,
          headers: { cookie: cookieHeader(jar), ...options.headers },
        } as never)
        .then((response) => {
          cookieJar(response, jar);
          return response;
        });
    },
  };
}

/** Posts a plain HTML form as a browser would: url-encoded, the visitor's cookies, the crumb in the body; a list is a repeated field. */
export function postForm(app: FastifyInstance, client: { jar: Record<string, string>; crumb: string }, url: string, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries({ crumb: client.crumb, ...fields })) for (const item of [value].flat()) body.append(name, item);
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' },
    payload: body.toString(),
  });
}

/**
 * Rows of a SQL statement written with `?` placeholders, run on the test server's database
 * (SQLite or PostgreSQL): for the tests that look at what was stored.
 */
export async function rows<T = Record<string, unknown>>(server: { app: FastifyInstance }, text: string, ...params: unknown[]): Promise<T[]> {
  const parts = text.split('?');
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return (await sql<T>(strings, ...params).execute(server.app.storage.db)).rows;
}

/** How many rows a table holds. */
export const countRows = async (server: { app: FastifyInstance }, table: string): Promise<number> =>
  Number((await rows<{ n: number }>(server, `SELECT COUNT(*) AS n FROM ${table}`))[0]!.n);
