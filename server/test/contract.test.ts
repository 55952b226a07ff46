/**
 * The contract's API paths are the server's routes: each one the runtime calls is registered
 * so that a path changed on one side fails here, not in a browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as paths from '../../contract/api/paths';
import { datasetPath, quickViewPath } from '../../contract/api/paths';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
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

  it('every owner path is a route of the server, and ownerPath fills its params encoded', () => {
    const registered = new Set(server.routes.map((route) => route.url));
    expect(Object.entries(OWNER_PATHS).filter(([, path]) => !registered.has(path))).toEqual([]);
    expect(ownerPath(OWNER_PATHS.taxonomyName, { kind: 'tags', name: 'a/b c' })).toBe('/api/owner/taxonomy/tags/a%2Fb%20c');
    expect(() => ownerPath(OWNER_PATHS.file, {})).toThrow('/api/owner/files/:name needs name');
  });

  it('fills the id of the paths that take one, encoded', () => {
    expect(quickViewPath('print/1')).toBe('/api/census/RecordQuickView/print%2F1');
    expect(datasetPath('studio-visitors')).toBe('/api/datasets/studio-visitors');
  });
});
