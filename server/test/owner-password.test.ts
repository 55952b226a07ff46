/**
 * The owner chooses their own password in the owner app: the current one is asked for under the
 * sign-in's limits, the other sessions end, and a restart with the same OWNER_PASSWORD keeps the
 * chosen one (a changed OWNER_PASSWORD is set, as before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MAX } from '../../contract/model/password';
import { WebsiteRole } from '../../contract/model/roles';
import { ACCOUNT_BACKOFF } from '../src/security/sign-in-limits';
import { authenticate, SEEDED_PASSWORDS_KEPT, seedAccount } from '../src/accounts';
import { writeSetting } from '../src/repositories/settings';
import { hashPassword } from '../src/security/passwords';
import { CURRENT_PASSWORD_WRONG, NEW_PASSWORD_TOO_SHORT, TOO_MANY_TRIES } from '../src/routes/owner-password';
import { OWNER, startTestServer, type TestServer, VIEWER, visitor } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const signedIn = async (password = OWNER.password) => {
  const client = await visitor(server.app);
  expect((await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: OWNER.email, password } })).statusCode).toBe(200);
  return client;
};
const change = (client: Awaited<ReturnType<typeof visitor>>, current: string, password: string) => client.inject({ method: 'POST', url: '/api/owner/password', payload: { current, password } });
/** What the server's start does with the environment's owner password (app.ts). */
const restartWith = (password: string) => seedAccount(server.app.storage, OWNER.email, password, [WebsiteRole.ADMIN], 'owner (ADMIN)');

// Scrypt hashes: slow on a busy machine.
describe('the owner’s own password', { timeout: 30_000 }, () => {
  it('is changed with the current one, ends the other sessions and keeps this one', async () => {
    const here = await signedIn();
    const elsewhere = await signedIn();
    expect((await here.inject({ method: 'GET', url: '/api/owner/account' })).json()).toEqual({ email: OWNER.email });
    const wrong = await change(here, 'not-the-password', 'chosen-password-1');
    expect([wrong.statusCode, wrong.json()]).toEqual([403, { error: CURRENT_PASSWORD_WRONG }]);
    const short = await change(here, OWNER.password, 'short');
    expect([short.statusCode, short.json()]).toEqual([400, { error: NEW_PASSWORD_TOO_SHORT }]);
    // The longest the server takes, here as at sign-in: one more character is refused before any hashing.
    expect((await change(here, OWNER.password, 'x'.repeat(PASSWORD_MAX + 1))).statusCode).toBe(400);
    expect((await here.inject({ method: 'POST', url: '/api/auth/Login', payload: { email: OWNER.email, password: 'x'.repeat(PASSWORD_MAX + 1) } })).statusCode).toBe(400);
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).not.toBeNull();

    const changed = await change(here, OWNER.password, 'chosen-password-1');
    expect([changed.statusCode, changed.json()]).toEqual([200, { endedSessions: 1 }]);
    expect((await here.inject({ method: 'GET', url: '/api/owner/plan' })).statusCode).toBe(200);
    expect((await elsewhere.inject({ method: 'GET', url: '/api/owner/plan' })).statusCode).toBe(401);
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).toBeNull();
    expect(await authenticate(server.app.storage, OWNER.email, 'chosen-password-1')).not.toBeNull();
  });

  it('outlives a restart with the same OWNER_PASSWORD; a changed OWNER_PASSWORD is set', async () => {
    await restartWith(OWNER.password);
    expect(await authenticate(server.app.storage, OWNER.email, 'chosen-password-1')).not.toBeNull();
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).toBeNull();
    await restartWith('a-new-environment-password');
    expect(await authenticate(server.app.storage, OWNER.email, 'a-new-environment-password')).not.toBeNull();
    expect(await authenticate(server.app.storage, OWNER.email, 'chosen-password-1')).toBeNull();
  });

  it('an instance restarted late in a rolling change, with the old OWNER_PASSWORD, does not set the old password again', async () => {
    // The previous test left OWNER_PASSWORD changed to a-new-environment-password on one instance; another still has the first.
    await restartWith(OWNER.password);
    expect(await authenticate(server.app.storage, OWNER.email, 'a-new-environment-password')).not.toBeNull();
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).toBeNull();
    // A value never set before is set; only the last few are remembered.
    const values = Array.from({ length: SEEDED_PASSWORDS_KEPT }, (_, index) => `rolled-password-${index}`);
    for (const value of values) await restartWith(value);
    expect(await authenticate(server.app.storage, OWNER.email, values.at(-1)!)).not.toBeNull();
    await restartWith(OWNER.password);
    // Back as the other tests expect it: the first value has been forgotten by now, so it is set again.
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).not.toBeNull();
  });

  it('reads the one hash that servers before the list kept', async () => {
    await writeSetting(server.app.storage, `seeded-password:owner (ADMIN):${OWNER.email}`, await hashPassword('older-environment-1'));
    await restartWith('older-environment-1');
    expect(await authenticate(server.app.storage, OWNER.email, 'older-environment-1')).toBeNull();
    expect(await authenticate(server.app.storage, OWNER.email, OWNER.password)).not.toBeNull();
  });

  it('wrong current passwords count with the sign-in’s: past its free tries, 429 with Retry-After', async () => {
    const client = await signedIn();
    const statuses: number[] = [];
    for (let index = 0; index <= ACCOUNT_BACKOFF.free; index += 1) statuses.push((await change(client, `guess-${index}`, 'chosen-password-2')).statusCode);
    expect(statuses).toEqual([...Array<number>(ACCOUNT_BACKOFF.free).fill(403), 429]);
    const refused = await change(client, OWNER.password, 'chosen-password-2');
    expect([refused.statusCode, refused.json()]).toEqual([429, { error: TOO_MANY_TRIES }]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is the owner’s: a viewer or a visitor cannot change it', async () => {
    const stranger = await visitor(server.app);
    expect((await change(stranger, OWNER.password, 'chosen-password-3')).statusCode).toBe(401);
    const viewer = await visitor(server.app);
    expect((await viewer.inject({ method: 'POST', url: '/api/auth/Login', payload: VIEWER })).statusCode).toBe(200);
    expect((await change(viewer, VIEWER.password, 'chosen-password-3')).statusCode).toBe(403);
    expect(await authenticate(server.app.storage, VIEWER.email, VIEWER.password)).not.toBeNull();
  });
});
