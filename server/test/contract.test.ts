/**
 * The contract's API paths are the server's routes: each one the runtime calls is registered
 * so that a path changed on one side fails here, not in a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../contract/api/paths';
import { datasetPath, quickViewPath } from '../../contract/api/paths';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('contract/api/paths.ts', () => {
  it('every path is a route of the server', () => {
    const registered = new Set(server.routes.map((route) => route.url));
    const declared = Object.entries(paths as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    expect(declared.length).toBeGreaterThan(25);
    expect(declared.filter(([, path]) => !registered.has(path))).toEqual([]);
  });

  it('fills the id of the paths that take one, encoded', () => {
    expect(quickViewPath('print/1')).toBe('/api/census/RecordQuickView/print%2F1');
    expect(datasetPath('studio-visitors')).toBe('/api/datasets/studio-visitors');
  });
});
