/**
 * The runtime's chunks outlive a deploy: each instance stores its build's chunks as it starts,
 * and any instance answers a chunk of another build from the database (a rolling upgrade, a
 * tab opened before a restart), compressed as that build compressed it. Chunks of builds no
 * instance has run for 30 days go.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHUNK_KEEP_DAYS, ownerAppChunks, refreshStoredChunks, runtimeChunks, storeBuiltChunks, type ChunkFolder } from '../src/build-chunks';
import { startTestServer, type TestServer } from './helper';

const DAY_MS = 86_400_000;
const OLD_CHUNK = 'gallery-Old1_x.js';
const OLD_SOURCE = 'export const build = "old";\n'.repeat(20);
const BARE_CHUNK = 'map-0ld2-y.js';

let server: TestServer;
let otherBuild: string;
/** The other build's runtime chunks, and its owner app's (the same files, for the test). */
const otherRuntime = (): ChunkFolder => ({ url: '/runtime/chunks/', dir: path.join(otherBuild, 'chunks') });
const otherOwnerApp = (): ChunkFolder => ({ url: '/config/chunks/', dir: path.join(otherBuild, 'chunks') });
const stored = async () => (await server.app.storage.db.selectFrom('runtime_chunks').select(['name', 'seen_at']).orderBy('name').execute()).map((row) => ({ ...row, seen_at: Number(row.seen_at) }));
const ownFiles = (folder: ChunkFolder) => readdirSync(folder.dir).filter((file) => file.endsWith('.js'));

/** A build of another version: two chunks (one without compressed forms), and files that are not chunks. */
function writeOtherBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tessera-build-'));
  mkdirSync(path.join(dir, 'chunks'));
  const chunk = (name: string) => path.join(dir, 'chunks', name);
  writeFileSync(chunk(OLD_CHUNK), OLD_SOURCE);
  writeFileSync(chunk(`${OLD_CHUNK}.br`), brotliCompressSync(OLD_SOURCE));
  writeFileSync(chunk(`${OLD_CHUNK}.gz`), gzipSync(OLD_SOURCE));
  writeFileSync(chunk(`${OLD_CHUNK}.map`), '{}');
  writeFileSync(chunk(BARE_CHUNK), 'export {};\n');
  writeFileSync(chunk('notes.txt'), 'not a chunk');
  writeFileSync(path.join(dir, 'site.js'), 'not in chunks/');
  return dir;
}

beforeAll(async () => {
  server = await startTestServer();
  otherBuild = writeOtherBuild();
});
afterAll(async () => {
  await server.close();
  rmSync(otherBuild, { recursive: true, force: true });
});

const get = (name: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
  server.app.inject({ method, url: `/runtime/chunks/${name}`, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('runtime chunks of other builds', () => {
  it("a server stores its own build's chunks as it starts, the runtime's and the owner app's", async () => {
    const runtime = ownFiles(runtimeChunks(server.config.rootDir));
    const ownerApp = ownFiles(ownerAppChunks(server.config.rootDir));
    expect([runtime.length, ownerApp.length].every((n) => n > 3), 'the server tests need the build: npm run build').toBe(true);
    const names = (await stored()).map((row) => row.name);
    expect(names).toEqual([...runtime.map((file) => `runtime/chunks/${file}`), ...ownerApp.map((file) => `config/chunks/${file}`)].sort());
  });

  it('stores the chunks of a build once, and leaves maps and other files out', async () => {
    expect(await storeBuiltChunks(server.app.storage, otherRuntime(), 1_000)).toEqual({ files: [BARE_CHUNK, OLD_CHUNK].sort(), stored: 2 });
    expect((await storeBuiltChunks(server.app.storage, otherRuntime(), 2_000)).stored).toBe(0);
    expect((await storeBuiltChunks(server.app.storage, otherOwnerApp(), 2_000)).stored).toBe(2);
    const rows = await stored();
    expect(rows.filter((row) => row.seen_at === 2_000).map((row) => row.name).sort()).toEqual(
      [`runtime/chunks/${OLD_CHUNK}`, `runtime/chunks/${BARE_CHUNK}`, `config/chunks/${OLD_CHUNK}`, `config/chunks/${BARE_CHUNK}`].sort(),
    );
    expect(rows.some((row) => /notes|site\.js|\.map$/.test(row.name))).toBe(false);
  });

  it('answers a chunk its own build lacks from the database, as that build compressed it, immutable, to any origin', async () => {
    const br = await get(OLD_CHUNK, 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(OLD_SOURCE);
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['access-control-allow-origin']).toBe('*');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);

    const gzip = await get(OLD_CHUNK, 'gzip');
    expect([gzip.headers['content-encoding'], gunzipSync(gzip.rawPayload).toString()]).toEqual(['gzip', OLD_SOURCE]);
    const plain = await get(OLD_CHUNK);
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, OLD_SOURCE]);
    const refused = await get(OLD_CHUNK, 'br;q=0, gzip;q=0');
    expect([refused.headers['content-encoding'], refused.body]).toEqual([undefined, OLD_SOURCE]);
    // A chunk whose build wrote no compressed forms goes as it is.
    const bare = await get(BARE_CHUNK, 'br, gzip');
    expect([bare.statusCode, bare.headers['content-encoding'], bare.body]).toEqual([200, undefined, 'export {};\n']);
    const head = await get(OLD_CHUNK, 'br', 'HEAD');
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, String(brotliCompressSync(OLD_SOURCE).length), '']);
    // The owner app's chunks likewise, at their own address.
    const ownerApp = await server.app.inject({ method: 'GET', url: `/config/chunks/${OLD_CHUNK}` });
    expect([ownerApp.statusCode, ownerApp.body, ownerApp.headers['cache-control']]).toEqual([200, OLD_SOURCE, 'public, max-age=31536000, immutable']);
    expect((await server.app.inject({ method: 'GET', url: '/config/chunks/Editing-Nowhere1.js' })).statusCode).toBe(404);
  });

  it("serves its own build's chunks from its disk, and a chunk no build has as not found", async () => {
    const own = ownFiles(runtimeChunks(server.config.rootDir)).find((file) => /^gallery-[\w-]{6}\.js$/.test(file))!;
    // Stored bytes that differ from the disk's would show if the database answered.
    await server.app.storage.db.updateTable('runtime_chunks').set({ plain: Buffer.from('stale'), brotli: null, gzip: null }).where('name', '=', `runtime/chunks/${own}`).execute();
    const answer = await get(own);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toBe('stale');
    expect(answer.headers.sourcemap).toBe(`${own}.map`);
    expect((await get('gallery-Nowher.js')).statusCode).toBe(404);
    expect((await get('..%2F..%2Fpackage.json')).statusCode).toBe(404);
  });

  it(`keeps a build's chunks while an instance runs it, and drops them ${CHUNK_KEEP_DAYS} days after the last one stopped`, async () => {
    const start = 2_000;
    const own = [runtimeChunks(server.config.rootDir), ownerAppChunks(server.config.rootDir)];
    const names = async () => (await stored()).map((row) => row.name);
    // This instance refreshes its own build daily; nobody has run the other build since `start`.
    expect(await refreshStoredChunks(server.app.storage, own, start + (CHUNK_KEEP_DAYS - 1) * DAY_MS)).toBe(0);
    expect(await names()).toContain(`runtime/chunks/${OLD_CHUNK}`);
    const later = start + CHUNK_KEEP_DAYS * DAY_MS + 1;
    expect(await refreshStoredChunks(server.app.storage, own, later)).toBe(4);
    const left = await stored();
    expect(left.map((row) => row.name).filter((name) => name.includes(OLD_CHUNK) || name.includes(BARE_CHUNK))).toEqual([]);
    expect(left.length).toBeGreaterThan(10);
    expect(new Set(left.map((row) => row.seen_at))).toEqual(new Set([later]));
    expect((await get(OLD_CHUNK)).statusCode).toBe(404);
  });
});
