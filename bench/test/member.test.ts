import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test/helper';
import { MEMBER_ENV, memberCookie, memberPages } from '../member';

// A server start and scrypt hashes: slow on a busy machine.
describe("the benchmark's member", { timeout: 30_000 }, () => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startTestServer({ member: { email: MEMBER_ENV.MEMBER_EMAIL, password: MEMBER_ENV.MEMBER_PASSWORD } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  it('signs in through the site API and opens the members-only pages that a visitor gets 403 for', async () => {
    expect(memberPages()).toContain('/members');
    const cookie = await memberCookie(base);
    expect(cookie).toMatch(/^site_member=[\w-]+$/);
    for (const page of memberPages()) {
      expect((await fetch(base + page)).status).toBe(403);
      expect((await fetch(base + page, { headers: { cookie } })).status).toBe(200);
    }
  });

  it('says why when the server does not know the member', async () => {
    const stranger = await startTestServer();
    await stranger.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      await expect(memberCookie(`http://127.0.0.1:${(stranger.app.server.address() as AddressInfo).port}`)).rejects.toThrow(
        "The benchmark's member could not sign in: 401",
      );
    } finally {
      await stranger.close();
    }
  });
});
