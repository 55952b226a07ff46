/**
 * An owner's forgotten password by mail, from the sign-in page: the same answer for any address,
 * a link to the site's address good for an hour and once, the sessions ended, a line in the log
 * for whoever runs the server; without mail, the page says who can help.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebsiteRole } from '../../contract/model/roles';
import { authenticate, seedAccount } from '../src/accounts';
import { ACCOUNT_LINKS, completePasswordLink } from '../src/password-links';
import { RESETS_PER_EMAIL } from '../src/routes/password-link-pages';
import { NO_MAIL, NO_SITE_ADDRESS, OWNER_RESET_PATH } from '../src/routes/owner-password-reset';
import { cookieHeader, countRows, OWNER, postForm, rows, startLoggedTestServer, startTestServer, type LogLine, type TestServer, VIEWER, visitor } from './helper';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

let sink: SmtpSink;
let server: TestServer;
let lines: LogLine[];
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ server, lines } = await startLoggedTestServer({ mail: { smtpUrl: sink.url, from: 'Tessera demo <site@test.local>', notify: ['owner@test.local'] } }));
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const settled = () => server.app.mail!.idle();
const signedIn = async (email: string, password: string) => {
  const client = await visitor(server.app);
  const answer = await client.inject({ method: 'POST', url: '/api/auth/Login', payload: { email, password } });
  return { client, status: answer.statusCode };
};
let addresses = 0;
/** Asks for a link as a browser would: the page (its crumb), then its form, from an address of its own. */
async function askFor(email: string) {
  const client = await visitor(server.app);
  const page = await client.inject({ method: 'GET', url: OWNER_RESET_PATH });
  expect(page.body).toContain('<form method="post" action="/login/password">');
  return server.app.inject({
    method: 'POST',
    url: OWNER_RESET_PATH,
    remoteAddress: `10.1.0.${(addresses += 1)}`,
    headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ crumb: client.crumb, email }).toString(),
  });
}
const linkIn = (text: string) => /http:\/\/127\.0\.0\.1:8080\/login\/password\/new\?token=([\w-]+)/.exec(text)?.[1];
const logged = (text: string) => lines.some((line) => line.msg === text);

// Scrypt hashes and a second server: slow on a busy machine.
describe('an owner’s forgotten password by mail', { timeout: 30_000 }, () => {
  it('without mail, the page says who can help and has no form', async () => {
    const plain = await startTestServer();
    try {
      const page = await plain.app.inject({ method: 'GET', url: OWNER_RESET_PATH });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<p role="status">${NO_MAIL}</p>`);
      expect(NO_MAIL).toBe('This server sends no email, so it cannot send you a link. Whoever runs the server can set a new password for you; then choose your own under Account in the owner app.');
      expect(page.body).not.toContain('<form');
      expect(page.body).toContain('<link rel="stylesheet" href="/config/login.css">');
      expect(page.headers['cache-control']).toBe('no-store');
    } finally {
      await plain.close();
    }
  });

  it('without the site’s address the page says so; with the site’s pages on another host, the link starts with PUBLIC_URL', async () => {
    const bareSite = { siteDir: path.join(server.config.rootDir, 'templates', 'site'), mail: { smtpUrl: sink.url, from: 'Site <site@test.local>', notify: ['owner@test.local'] } };
    const bare = await startTestServer(bareSite);
    try {
      const page = await bare.app.inject({ method: 'GET', url: OWNER_RESET_PATH });
      expect(page.body).toContain(`<p role="status">${NO_SITE_ADDRESS}</p>`);
      expect(page.body).not.toContain('<form');
    } finally {
      await bare.close();
    }
    const apart = await startTestServer({ ...bareSite, publicUrl: 'https://api.example.test' });
    try {
      sink.messages.length = 0;
      const client = await visitor(apart.app);
      expect((await client.inject({ method: 'GET', url: OWNER_RESET_PATH })).body).toContain('<form method="post" action="/login/password">');
      expect((await postForm(apart.app, client, OWNER_RESET_PATH, { email: OWNER.email })).statusCode).toBe(200);
      await apart.app.mail!.idle();
      expect(sink.messages[0]!.text).toMatch(/\nhttps:\/\/api\.example\.test\/login\/password\/new\?token=[\w-]{43}\n/);
    } finally {
      await apart.close();
    }
  });

  it('the same answer for an account and for anyone else; only the account gets a mail, with a link in the site’s address', async () => {
    sink.messages.length = 0;
    const stranger = await askFor('nobody@example.com');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toContain('<p role="status">If nobody@example.com belongs to an account here, a link to choose a new password is on its way. It works once, for one hour.</p>');
    const owner = await askFor(OWNER.email.toUpperCase());
    expect(owner.statusCode).toBe(200);
    expect(owner.body).toContain(`If ${OWNER.email.toUpperCase()} belongs to an account here`);
    await settled();
    expect(sink.messages).toHaveLength(1);
    expect(sink.recipients.at(-1)).toEqual([OWNER.email]);
    const [mail] = sink.messages;
    expect(mail!.subject).toBe('Reset your password · Tessera demo');
    expect(mail!.text).toMatch(
      new RegExp(`^Someone asked to reset the password of ${OWNER.email} for Tessera demo. To choose a new one, open this link within an hour:\\nhttp://127.0.0.1:8080/login/password/new\\?token=[\\w-]{43}\\n\\nIf it was not you, ignore this email: your password stays as it is.\\n$`),
    );
    expect(await countRows(server, 'account_password_resets')).toBe(1);
    expect(await countRows(server, 'member_password_resets')).toBe(0);
    expect(logged(`A link to choose a new password was mailed to the account ${OWNER.email.toUpperCase()}.`)).toBe(true);
    expect(lines.some((line) => String(line.msg).includes('nobody@example.com'))).toBe(false);
  });

  it('the link moves its token into a cookie, sets a new password once, and ends every session of the account', async () => {
    const token = linkIn(sink.messages.at(-1)!.text!)!;
    const before = await signedIn(OWNER.email, OWNER.password);
    expect((await before.client.inject({ method: 'GET', url: '/api/owner/plan' })).statusCode).toBe(200);

    const client = await visitor(server.app);
    const opened = await client.inject({ method: 'GET', url: `/login/password/new?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/login/password/new');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(String(opened.headers['set-cookie'])).toMatch(/owner_reset=[\w-]+; Max-Age=3600; Path=\/login\/password\/new; HttpOnly; SameSite=Lax/);
    const form = await client.inject({ method: 'GET', url: '/login/password/new' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<title>Choose a new password · Tessera</title>');
    expect(form.body).toContain('<input id="reset-password" name="password" type="password" required minlength="8" maxlength="1024" autocomplete="new-password" aria-describedby="reset-password-hint">');
    expect(form.body).not.toContain(token);
    // Whose password it is, for a password manager.
    expect(form.body).toContain(`<input name="username" type="email" autocomplete="username" value="${OWNER.email}" readonly hidden>`);

    const short = await postForm(server.app, client, '/login/password/new', { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('<p class="form-error" role="alert">The password must have at least 8 characters.</p>');
    expect((await postForm(server.app, { ...client, crumb: 'forged' }, '/login/password/new', { password: 'mailed-password-1' })).statusCode).toBe(403);

    const changed = await postForm(server.app, client, '/login/password/new', { password: 'mailed-password-1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('<p role="status">Your password is changed, and every session of yours is signed out.</p>');
    expect(changed.body).toContain('<a href="/login">Sign in</a>');
    expect((await before.client.inject({ method: 'GET', url: '/api/owner/plan' })).statusCode).toBe(401);
    expect((await signedIn(OWNER.email, OWNER.password)).status).toBe(401);
    expect((await signedIn(OWNER.email, 'mailed-password-1')).status).toBe(200);
    expect(logged(`The account ${OWNER.email} chose a new password from a mailed link; 1 session(s) signed out.`)).toBe(true);

    const again = await server.app.inject({ method: 'GET', url: `/login/password/new?token=${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link has expired or was used already. Ask for a new one.');
    expect(await completePasswordLink(server.app.storage, ACCOUNT_LINKS, token, 'another-password-2')).toBeNull();
  });

  it('outlives a restart with the same OWNER_PASSWORD', async () => {
    await seedAccount(server.app.storage, OWNER.email, OWNER.password, [WebsiteRole.ADMIN], 'owner (ADMIN)');
    expect(await authenticate(server.app.storage, OWNER.email, 'mailed-password-1')).not.toBeNull();
  });

  it('a password changed under Account, and a link older than an hour, end the links from before', async () => {
    sink.messages.length = 0;
    await askFor(OWNER.email);
    await askFor(VIEWER.email);
    await settled();
    const [ownerLink, viewerLink] = [OWNER.email, VIEWER.email].map((email) => linkIn(sink.messages.find((mail) => mail.text!.includes(`password of ${email} `))!.text!)!) as [string, string];
    const { client } = await signedIn(OWNER.email, 'mailed-password-1');
    expect((await client.inject({ method: 'POST', url: '/api/owner/password', payload: { current: 'mailed-password-1', password: 'account-password-1' } })).statusCode).toBe(200);
    expect((await server.app.inject({ method: 'GET', url: `/login/password/new?token=${ownerLink}` })).statusCode).toBe(404);

    await rows(server, 'UPDATE account_password_resets SET expires_at = ?', Date.now() - 1);
    expect((await server.app.inject({ method: 'GET', url: `/login/password/new?token=${viewerLink}` })).statusCode).toBe(404);
    expect(await completePasswordLink(server.app.storage, ACCOUNT_LINKS, viewerLink, 'viewer-password-2')).toBeNull();
    expect(await authenticate(server.app.storage, VIEWER.email, VIEWER.password)).not.toBeNull();
  });

  it(`past ${RESETS_PER_EMAIL} requests for one address in an hour: 429 and no more mail`, async () => {
    sink.messages.length = 0;
    const statuses = [];
    for (let index = 0; index <= RESETS_PER_EMAIL; index += 1) statuses.push((await askFor(VIEWER.email)).statusCode);
    // The previous test asked once for this address already.
    expect(statuses).toEqual([...Array<number>(RESETS_PER_EMAIL - 1).fill(200), 429, 429]);
    expect((await askFor(VIEWER.email)).body).toContain('<p role="alert">Too many requests. Please try again in an hour.</p>');
    await settled();
    expect(sink.messages).toHaveLength(RESETS_PER_EMAIL - 1);
  });
});
