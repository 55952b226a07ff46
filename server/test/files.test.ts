import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKey, contentSize, importDiskFiles, readContentPart, saveContent } from '../src/files/contents';
import { openStorage } from '../src/storage/open';
import { OWNER, TEST_ENGINE, startLoggedTestServer, startTestServer, visitor, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

async function owner() {
  const client = await visitor(server.app);
  expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  return client;
}
const put = (client: Awaited<ReturnType<typeof owner>>, name: string, payload: Buffer, query = '') =>
  client.inject({ method: 'PUT', url: `/api/owner/files/${encodeURIComponent(name)}${query}`, payload, headers: { 'content-type': 'application/octet-stream' } });

async function waitForJob(client: Awaited<ReturnType<typeof owner>>, id: string) {
  for (let i = 0; i < 100; i++) {
    const job = (await client.inject({ method: 'GET', url: `/api/owner/jobs/${id}` })).json() as { status: string; widths: number[] };
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('job did not end');
}

describe('owner files', () => {
  // 20 MB into the database and back: seconds on a loaded machine.
  it('checks type and size with the spec messages', { timeout: 30_000 }, async () => {
    const client = await owner();
    expect((await put(client, 'virus.exe', Buffer.from('x'))).json()).toEqual({ error: 'The file virus.exe does not appear to be a supported file type' });
    const big = await put(client, 'big.pdf', Buffer.alloc(20_000_001));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The file big.pdf is too large. The maximum allowed file size is 20 MB.' });
    expect((await put(client, '...', Buffer.from('x'))).json()).toEqual({ error: 'Please enter a file name' });
    // The largest file allowed goes into the database and comes back whole, and its last bytes as a range.
    const largest = Buffer.alloc(20_000_000, 1);
    largest.write('%PDF-1.4', 0);
    largest.write('%%EOF', largest.length - 5);
    expect((await put(client, 'largest.pdf', largest)).statusCode).toBe(200);
    const anyone = await visitor(server.app);
    expect((await anyone.inject({ method: 'GET', url: '/s/largest.pdf' })).rawPayload.equals(largest)).toBe(true);
    expect((await anyone.inject({ method: 'GET', url: '/s/largest.pdf', headers: { range: 'bytes=-5' } })).body).toBe('%%EOF');
    expect((await client.inject({ method: 'DELETE', url: '/api/owner/files/largest.pdf' })).statusCode).toBe(200);
  });

  it('keeps the bytes in the database: nothing in DATA_DIR, every instance serves them, with an ETag that a replacement changes', async () => {
    const client = await owner();
    const before = existsSync(path.join(server.config.dataDir, 'files')) ? readdirSync(path.join(server.config.dataDir, 'files')) : [];
    expect((await put(client, 'menu.pdf', Buffer.from('%PDF-1.4 first'))).statusCode).toBe(200);
    expect(existsSync(path.join(server.config.dataDir, 'files')) ? readdirSync(path.join(server.config.dataDir, 'files')) : []).toEqual(before);
    // On PostgreSQL, a second instance with a DATA_DIR of its own; on SQLite the database is in DATA_DIR.
    const other = server.app.storage.engine === 'postgres' ? await startTestServer({ databaseUrl: server.config.databaseUrl }) : server;
    try {
      const anyone = await visitor(other.app);
      const first = await anyone.inject({ method: 'GET', url: '/s/menu.pdf' });
      expect([first.statusCode, first.body]).toEqual([200, '%PDF-1.4 first']);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
      const again = await anyone.inject({ method: 'GET', url: '/s/menu.pdf', headers: { 'if-none-match': etag } });
      expect([again.statusCode, again.body]).toEqual([304, '']);
      expect((await put(client, 'menu.pdf', Buffer.from('%PDF-1.4 second'), '?replace=true')).statusCode).toBe(200);
      const replaced = await anyone.inject({ method: 'GET', url: '/s/menu.pdf', headers: { 'if-none-match': etag } });
      expect([replaced.statusCode, replaced.body]).toEqual([200, '%PDF-1.4 second']);
      expect(replaced.headers.etag).not.toBe(etag);
    } finally {
      if (other !== server) await other.close();
    }
  });

  it('reads its size and a part of a content from the database without the rest, every byte value kept', async () => {
    const store = server.app.storage;
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7) % 256));
    const key = contentKey(bytes);
    await saveContent(store.db, key, bytes);
    expect(await contentSize(store, key)).toBe(70_000);
    expect(await readContentPart(store, key, 0, 0)).toEqual(bytes.subarray(0, 1));
    expect(await readContentPart(store, key, 1000, 1999)).toEqual(bytes.subarray(1000, 2000));
    expect(await readContentPart(store, key, 65_530, 69_999)).toEqual(bytes.subarray(65_530));
    expect([await contentSize(store, 'no-such-key'), await readContentPart(store, 'no-such-key', 0, 1)]).toEqual([null, null]);
  });

  it('answers a range of a file (how Safari asks for audio, how players seek), whole when the range cannot be given as one', async () => {
    const client = await owner();
    const text = 'Tessera range test, 0123456789 '.repeat(64);
    expect((await put(client, 'ranges.txt', Buffer.from(text))).statusCode).toBe(200);
    const anyone = await visitor(server.app);
    const get = (headers: Record<string, string>) => anyone.inject({ method: 'GET', url: '/s/ranges.txt', headers: { 'accept-encoding': 'gzip', ...headers } });
    const whole = await get({});
    expect([whole.statusCode, whole.headers['accept-ranges']]).toEqual([200, 'bytes']);
    // Partial content is never compressed: Content-Range counts the file's own bytes.
    const first = await get({ range: 'bytes=0-6' });
    expect([first.statusCode, first.headers['content-range'], first.headers['content-encoding'], first.body]).toEqual([206, `bytes 0-6/${text.length}`, undefined, 'Tessera']);
    const last = await get({ range: 'bytes=-5' });
    expect([last.statusCode, last.body]).toEqual([206, text.slice(-5)]);
    const beyond = await get({ range: `bytes=${text.length}-` });
    expect([beyond.statusCode, beyond.headers['content-range']]).toEqual([416, `bytes */${text.length}`]);
    // Two ranges, a range of another unit, or an If-Range for other bytes: the whole file.
    for (const headers of [{ range: 'bytes=0-1,100-101' }, { range: 'lines=1-2' }, { range: 'bytes=0-6', 'if-range': '"not-this"' }] as Array<Record<string, string>>) {
      const answer = await get(headers);
      expect([answer.statusCode, answer.headers['content-range']], JSON.stringify(headers)).toEqual([200, undefined]);
    }
    const matching = await get({ range: 'bytes=0-6', 'if-range': whole.headers.etag as string });
    expect(matching.statusCode).toBe(206);
  });

  it("stores shared bytes once and removes a content with the last file that has it, a replaced file's old bytes and widths with it", async () => {
    const client = await owner();
    const contents = async () => (await server.app.storage.db.selectFrom('file_contents').select('key').execute()).map((row) => row.key);
    const keyOf = async (name: string) => (await server.app.storage.db.selectFrom('files').select('content_key').where('name', '=', name).executeTakeFirstOrThrow()).content_key!;
    const png = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#204060' } }).png().toBuffer();
    await waitForJob(client, ((await put(client, 'twin-a.png', png)).json() as { jobId: string }).jobId);
    await waitForJob(client, ((await put(client, 'twin-b.png', png)).json() as { jobId: string }).jobId);
    const key = await keyOf('twin-a.png');
    expect(await keyOf('twin-b.png')).toBe(key);
    const mine = async () => (await contents()).filter((name) => name.startsWith(key)).sort();
    expect(await mine()).toEqual([key, `${key}.100w`, `${key}.300w`]);
    expect((await client.inject({ method: 'DELETE', url: '/api/owner/files/twin-a.png' })).statusCode).toBe(200);
    expect((await visitor(server.app).then((anyone) => anyone.inject({ method: 'GET', url: '/s/twin-b.png?format=300w' }))).statusCode).toBe(200);
    expect(await mine()).toHaveLength(3);
    // Replaced by other bytes, the last file that had them: they go, and their widths.
    const other = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#604020' } }).png().toBuffer();
    await waitForJob(client, ((await put(client, 'twin-b.png', other, '?replace=true')).json() as { jobId: string }).jobId);
    expect(await mine()).toEqual([]);
    const newKey = await keyOf('twin-b.png');
    expect((await client.inject({ method: 'DELETE', url: '/api/owner/files/twin-b.png' })).statusCode).toBe(200);
    expect((await contents()).filter((name) => name.startsWith(newKey))).toEqual([]);
  });

  it('a file deleted while another with the same bytes is uploaded leaves the other its bytes', async () => {
    const client = await owner();
    const anyone = await visitor(server.app);
    for (let round = 0; round < 20; round += 1) {
      const bytes = Buffer.from(`same bytes, round ${round}`);
      expect((await put(client, 'first-copy.txt', bytes)).statusCode).toBe(200);
      const [removed, uploaded] = await Promise.all([client.inject({ method: 'DELETE', url: '/api/owner/files/first-copy.txt' }), put(client, 'second-copy.txt', bytes)]);
      expect([removed.statusCode, uploaded.statusCode]).toEqual([200, 200]);
      expect((await anyone.inject({ method: 'GET', url: '/s/second-copy.txt' })).body, `round ${round}`).toBe(bytes.toString());
      expect((await client.inject({ method: 'DELETE', url: '/api/owner/files/second-copy.txt' })).statusCode).toBe(200);
    }
  });

  it('moves files uploaded before the database kept them in from DATA_DIR/files, widths included; one not there stays listed and answers 404', async () => {
    const dir = path.join(server.config.dataDir, 'files');
    mkdirSync(dir, { recursive: true });
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0a0' } }).png().toBuffer();
    const small = await sharp(png).resize({ width: 100 }).toBuffer();
    writeFileSync(path.join(dir, 'old-photo.png'), png);
    writeFileSync(path.join(dir, 'old-photo.png.100w'), small);
    const now = Date.now();
    await server.app.storage.db
      .insertInto('files')
      .values([
        { name: 'old-photo.png', type: 'image/png', size: png.length, widths_json: '[100]', content_key: null, created_at: now, updated_at: now },
        { name: 'elsewhere.pdf', type: 'application/pdf', size: 3, widths_json: '[]', content_key: null, created_at: now, updated_at: now },
      ])
      .execute();
    const anyone = await visitor(server.app);
    expect((await anyone.inject({ method: 'GET', url: '/s/old-photo.png' })).statusCode).toBe(404);
    expect(await importDiskFiles(server.app.storage, dir)).toEqual({ moved: ['old-photo.png'], missing: ['elsewhere.pdf'] });
    expect((await anyone.inject({ method: 'GET', url: '/s/old-photo.png' })).rawPayload.equals(png)).toBe(true);
    expect((await anyone.inject({ method: 'GET', url: '/s/old-photo.png?format=100w' })).rawPayload.equals(small)).toBe(true);
    expect((await anyone.inject({ method: 'GET', url: '/s/elsewhere.pdf' })).statusCode).toBe(404);
    // Again (another instance starting): nothing more to move.
    expect(await importDiskFiles(server.app.storage, dir)).toEqual({ moved: [], missing: ['elsewhere.pdf'] });
    await server.app.storage.db.deleteFrom('files').where('name', 'in', ['old-photo.png', 'elsewhere.pdf']).execute();
  });

  it('uploads an image, makes its widths, serves them, renames, replaces and deletes', async () => {
    const client = await owner();
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } }).png().toBuffer();
    const uploaded = await put(client, 'Harbour view.png', png);
    expect(uploaded.statusCode).toBe(200);
    const { file, jobId } = uploaded.json() as { file: { name: string; url: string }; jobId: string };
    expect(file).toMatchObject({ name: 'Harbour-view.png', url: '/s/Harbour-view.png' });
    expect(await waitForJob(client, jobId)).toMatchObject({ status: 'complete', widths: [750, 500, 300, 100] });
    const anyone = await visitor(server.app);
    const original = await anyone.inject({ method: 'GET', url: '/s/Harbour-view.png' });
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['content-security-policy']).toContain('sandbox');
    const small = await anyone.inject({ method: 'GET', url: '/s/Harbour-view.png?format=300w' });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(300);
    expect((await sharp((await anyone.inject({ method: 'GET', url: '/s/Harbour-view.png?format=2500w' })).rawPayload).metadata()).width).toBe(800);

    expect((await put(client, 'Harbour-view.png', png)).statusCode).toBe(409);
    expect((await put(client, 'Harbour-view.png', png, '?replace=true')).statusCode).toBe(200);
    expect((await client.inject({ method: 'POST', url: '/api/owner/files/Harbour-view.png/rename', payload: { to: 'harbour.pdf' } })).json()).toEqual({ error: 'There was a problem while renaming your file.' });
    expect((await client.inject({ method: 'POST', url: '/api/owner/files/Harbour-view.png/rename', payload: { to: 'harbour.png' } })).statusCode).toBe(200);
    expect((await anyone.inject({ method: 'GET', url: '/s/harbour.png' })).statusCode).toBe(200);
    expect((await client.inject({ method: 'DELETE', url: '/api/owner/files/harbour.png' })).statusCode).toBe(200);
    expect((await anyone.inject({ method: 'GET', url: '/s/harbour.png' })).statusCode).toBe(404);
    expect((await anyone.inject({ method: 'PUT', url: '/api/owner/files/a.pdf', payload: Buffer.from('x'), headers: { 'content-type': 'application/octet-stream' } })).statusCode).toBe(401);
  });

  it('a broken image fails its job; cancelling a finished job changes nothing', async () => {
    const client = await owner();
    const { jobId } = (await put(client, 'broken.png', Buffer.from('not an image'))).json() as { jobId: string };
    expect((await waitForJob(client, jobId)).status).toBe('failed');
    expect((await client.inject({ method: 'DELETE', url: `/api/owner/jobs/${jobId}` })).json()).toMatchObject({ status: 'failed' });
    expect((await client.inject({ method: 'GET', url: '/api/owner/jobs/unknown' })).statusCode).toBe(404);
  });

  it.runIf(TEST_ENGINE === 'sqlite')('a server that starts on a DATA_DIR with files from before moves them in and says so in its log', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-old-files-'));
    try {
      const storage = await openStorage({ dataDir });
      await storage.db.insertInto('files').values({ name: 'leaflet.pdf', type: 'application/pdf', size: 9, widths_json: '[]', content_key: null, created_at: 1, updated_at: 1 }).execute();
      await storage.close();
      mkdirSync(path.join(dataDir, 'files'));
      writeFileSync(path.join(dataDir, 'files', 'leaflet.pdf'), '%PDF-1.4 ');
      const { server: started, lines } = await startLoggedTestServer({ dataDir, databaseUrl: null });
      try {
        expect(lines.filter((line) => line.level === 30 && /uploaded file/.test(line.msg)).map((line) => line.msg)).toEqual([
          `Moved 1 uploaded file from ${path.join(dataDir, 'files')} into the database; once every instance runs this version, that folder is no longer read.`,
        ]);
        expect((await started.app.inject({ method: 'GET', url: '/s/leaflet.pdf' })).body).toBe('%PDF-1.4 ');
      } finally {
        await started.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('cancelling a running job stops it and removes the widths it made', async () => {
    const client = await owner();
    // Large enough that making seven widths takes well over a second.
    const jpeg = await sharp({ create: { width: 7000, height: 5000, channels: 3, background: '#402010' } }).jpeg().toBuffer();
    const { jobId } = (await put(client, 'poster.jpg', jpeg)).json() as { jobId: string };
    await expect.poll(async () => ((await client.inject({ method: 'GET', url: `/api/owner/jobs/${jobId}` })).json() as { widths: number[] }).widths.length, { interval: 10 }).toBeGreaterThan(0);
    expect((await client.inject({ method: 'DELETE', url: `/api/owner/jobs/${jobId}` })).json()).toMatchObject({ status: 'cancelled' });
    // The resize under way finishes, then the job cleans up after itself.
    await server.app.imageJobs.idle();
    const key = (await server.app.storage.db.selectFrom('files').select('content_key').where('name', '=', 'poster.jpg').executeTakeFirstOrThrow()).content_key!;
    expect((await server.app.storage.db.selectFrom('file_contents').select('key').where('key', 'like', `${key}%`).execute()).map((row) => row.key)).toEqual([key]);
    expect((await client.inject({ method: 'GET', url: `/api/owner/jobs/${jobId}` })).json()).toMatchObject({ status: 'cancelled' });
    const { files } = (await client.inject({ method: 'GET', url: '/api/owner/files' })).json() as { files: { name: string; widths: number[] }[] };
    expect(files.find((f) => f.name === 'poster.jpg')).toMatchObject({ widths: [] });
  });
});
