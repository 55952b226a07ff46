import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_DISK_SPACE } from '../src/plugins/errors';
import { OWNER, startTestServer, visitor, type TestServer } from './helper';

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
  it('checks type and size with the spec messages', async () => {
    const client = await owner();
    expect((await put(client, 'virus.exe', Buffer.from('x'))).json()).toEqual({ error: 'The file virus.exe does not appear to be a supported file type' });
    const big = await put(client, 'big.pdf', Buffer.alloc(20_000_001));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The file big.pdf is too large. The maximum allowed file size is 20 MB.' });
    expect((await put(client, '...', Buffer.from('x'))).json()).toEqual({ error: 'Please enter a file name' });
  });

  it('a disk that is full answers 507 with its words, and leaves nothing half-written', async () => {
    const client = await owner();
    // Writing the upload's partial file hits a full disk: /dev/full answers every write with ENOSPC.
    const partial = path.join(server.config.dataDir, 'files', 'full.pdf.partial');
    mkdirSync(path.dirname(partial), { recursive: true });
    symlinkSync('/dev/full', partial);
    const full = await put(client, 'full.pdf', Buffer.from('%PDF-1.4 x'));
    expect([full.statusCode, full.json()]).toEqual([507, { error: OUT_OF_DISK_SPACE }]);
    expect(readdirSync(path.dirname(partial)).filter((name) => name.startsWith('full.pdf'))).toEqual([]);
    expect(((await client.inject({ method: 'GET', url: '/api/owner/files' })).json() as { files: { name: string }[] }).files.map((f) => f.name)).not.toContain('full.pdf');
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

  it('cancelling a running job stops it and removes the widths it made', async () => {
    const client = await owner();
    // Large enough that making seven widths takes well over a second.
    const jpeg = await sharp({ create: { width: 7000, height: 5000, channels: 3, background: '#402010' } }).jpeg().toBuffer();
    const { jobId } = (await put(client, 'poster.jpg', jpeg)).json() as { jobId: string };
    await expect.poll(async () => ((await client.inject({ method: 'GET', url: `/api/owner/jobs/${jobId}` })).json() as { widths: number[] }).widths.length, { interval: 10 }).toBeGreaterThan(0);
    expect((await client.inject({ method: 'DELETE', url: `/api/owner/jobs/${jobId}` })).json()).toMatchObject({ status: 'cancelled' });
    // The resize under way finishes, then the job cleans up after itself.
    await server.app.imageJobs.idle();
    expect(readdirSync(path.join(server.config.dataDir, 'files')).filter((n) => n.startsWith('poster.jpg'))).toEqual(['poster.jpg']);
    expect((await client.inject({ method: 'GET', url: `/api/owner/jobs/${jobId}` })).json()).toMatchObject({ status: 'cancelled' });
    const { files } = (await client.inject({ method: 'GET', url: '/api/owner/files' })).json() as { files: { name: string; widths: number[] }[] };
    expect(files.find((f) => f.name === 'poster.jpg')).toMatchObject({ widths: [] });
  });
});
