/**
 * The owner keeps the site's members: a member the owner adds signs in with the password the
 * server made (shown once); a new password ends the old one and every session; a removed
 * member's session ends and they cannot sign in. Only the site's ADMIN may do any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER, OWNER, VIEWER, cookieHeader, startTestServer, type TestServer, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const owner = async () => {
  const client = await visitor(server.app);
  expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  return client;
};

/** A visitor signed in as the member: their session's cookie, or the status of the refusal. */
async function signIn(email: string, password: string) {
  const client = await visitor(server.app);
  const answer = await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email, password, rememberMe: false } });
  return { status: answer.statusCode, client };
}

/** Whether this visitor's member session still opens the members' page. */
const opensMembersPage = async (client: Awaited<ReturnType<typeof visitor>>) =>
  (await server.app.inject({ method: 'GET', url: '/members', headers: { cookie: cookieHeader(client.jar) } })).statusCode === 200;

describe("the owner's members", () => {
  it('lists the members by address; adds one with a password made for them, who then signs in', async () => {
    const admin = await owner();
    const before = await admin.inject({ method: 'GET', url: '/api/owner/members' });
    expect(before.json()).toEqual({ members: [{ email: MEMBER.email, createdAt: expect.any(String) }], total: 1 });

    const added = await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: ' Ada@Example.com ' } });
    expect(added.statusCode).toBe(201);
    const { email, password, mailed } = added.json() as { email: string; password: string; mailed: boolean };
    expect(email).toBe('Ada@Example.com');
    // This server sends no mail (no SMTP_URL): the password is the only way in.
    expect(mailed).toBe(false);
    expect(password.length).toBeGreaterThanOrEqual(16);
    const list = (await admin.inject({ method: 'GET', url: '/api/owner/members' })).json() as { members: Array<{ email: string }> };
    expect(list.members.map((member) => member.email)).toEqual(['Ada@Example.com', MEMBER.email]);

    const member = await signIn('ada@example.com', password);
    expect(member.status).toBe(200);
    expect(await opensMembersPage(member.client)).toBe(true);
  });

  it('lists a page of them, and finds them by a part of the address (any case; % and _ as themselves)', async () => {
    const admin = await owner();
    for (const email of ['x_y@find.test', 'xay@find.test', 'X%Z@find.test', 'zed@find.test']) expect((await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email } })).statusCode).toBe(201);
    const list = async (query: string) => (await admin.inject({ method: 'GET', url: `/api/owner/members?${query}` })).json() as { members: Array<{ email: string }>; total: number };
    const found = async (query: string) => {
      const answer = await list(query);
      return [answer.members.map((member) => member.email), answer.total];
    };
    expect(await found('find=FIND.TEST')).toEqual([['X%Z@find.test', 'x_y@find.test', 'xay@find.test', 'zed@find.test'], 4]);
    expect(await found('find=_')).toEqual([['x_y@find.test'], 1]);
    expect(await found('find=%25')).toEqual([['X%Z@find.test'], 1]);
    expect(await found('find=%40find.test&limit=2')).toEqual([['X%Z@find.test', 'x_y@find.test'], 4]);
    expect(await found('find=nobody')).toEqual([[], 0]);
    expect(await found('find=%20%20')).toEqual(await found(''));
    const all = await list('limit=1');
    expect([all.members.length, all.total]).toEqual([1, (await list('')).members.length]);
    expect((await admin.inject({ method: 'GET', url: '/api/owner/members?limit=1001' })).statusCode).toBe(400);
  });

  it('refuses an address that is no address, and one that is a member already (in any case)', async () => {
    const admin = await owner();
    const bad = await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'ada at example' } });
    expect([bad.statusCode, bad.json()]).toEqual([400, { error: 'Please enter a valid email' }]);
    const again = await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: MEMBER.email.toUpperCase() } });
    expect([again.statusCode, again.json()]).toEqual([409, { error: 'This address is a member already: give them a new password instead.' }]);
  });

  it('a new password works at once, and the old one and every session of the member end', async () => {
    const admin = await owner();
    const added = (await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'grace@example.com' } })).json() as { password: string };
    const session = await signIn('grace@example.com', added.password);
    expect(await opensMembersPage(session.client)).toBe(true);

    const renewed = await admin.inject({ method: 'POST', url: '/api/owner/members/GRACE%40example.com/password' });
    expect(renewed.statusCode).toBe(200);
    const { email, password } = renewed.json() as { email: string; password: string };
    expect(email).toBe('grace@example.com');
    expect(password).not.toBe(added.password);
    expect(await opensMembersPage(session.client)).toBe(false);
    expect((await signIn('grace@example.com', added.password)).status).toBe(401);
    expect((await signIn('grace@example.com', password)).status).toBe(200);
    expect((await admin.inject({ method: 'POST', url: '/api/owner/members/nobody%40example.com/password' })).statusCode).toBe(404);
  });

  it('a removed member is signed out and cannot sign in again', async () => {
    const admin = await owner();
    const added = (await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'hedy@example.com' } })).json() as { password: string };
    const session = await signIn('hedy@example.com', added.password);
    const removed = await admin.inject({ method: 'DELETE', url: '/api/owner/members/hedy%40example.com' });
    expect([removed.statusCode, removed.json()]).toEqual([200, { removed: 1 }]);
    expect(await opensMembersPage(session.client)).toBe(false);
    expect((await signIn('hedy@example.com', added.password)).status).toBe(401);
    const gone = await admin.inject({ method: 'DELETE', url: '/api/owner/members/hedy%40example.com' });
    expect([gone.statusCode, gone.json()]).toEqual([404, { error: 'No member has this address: they may have been removed already.' }]);
  });

  it('is the ADMIN’s alone: a viewer and a visitor get nothing and change nothing', async () => {
    const viewer = await visitor(server.app);
    expect((await viewer.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER })).statusCode).toBe(200);
    const stranger = await visitor(server.app);
    for (const client of [viewer, stranger]) {
      expect((await client.inject({ method: 'GET', url: '/api/owner/members' })).statusCode).toBeGreaterThanOrEqual(401);
      expect((await client.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'eve@example.com' } })).statusCode).toBeGreaterThanOrEqual(401);
      expect((await client.inject({ method: 'POST', url: `/api/owner/members/${encodeURIComponent(MEMBER.email)}/password` })).statusCode).toBeGreaterThanOrEqual(401);
      expect((await client.inject({ method: 'DELETE', url: `/api/owner/members/${encodeURIComponent(MEMBER.email)}` })).statusCode).toBeGreaterThanOrEqual(401);
    }
    expect((await signIn(MEMBER.email, MEMBER.password)).status).toBe(200);
    expect((await signIn('eve@example.com', 'anything-at-all')).status).toBe(401);
  });
});
