import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completePasswordLink, MEMBER_LINKS, RESET_LIFETIME_MS, WELCOME_LIFETIME_MS } from '../src/password-links';
import { RESETS_PER_CLIENT, RESETS_PER_EMAIL } from '../src/routes/password-link-pages';
import { cookieHeader, countRows, MEMBER, OWNER, postForm, rows, startTestServer, type TestServer, visitor } from './helper';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const completePasswordReset = async (...[storage, token, password, now]: [Parameters<typeof completePasswordLink>[0], string, string, number?]) => !!(await completePasswordLink(storage, MEMBER_LINKS, token, password, now));

let sink: SmtpSink;
let server: TestServer;
beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startTestServer({ mail: { smtpUrl: sink.url, from: 'Tessera demo <site@test.local>', notify: ['owner@test.local'] } });
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const FORGOT = '<p class="member-forgot"><a href="/members/password">Forgot your password?</a></p>';
const settled = () => server.app.mail!.idle();
const signIn = async (password: string) => {
  const client = await visitor(server.app);
  return (await client.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: MEMBER.email, password } })).statusCode;
};
let addresses = 0;
/** Asks for a link as a browser would, from an address of its own unless told: the page (its crumb), then its form. */
async function askFor(email: string, remoteAddress = `10.0.0.${(addresses += 1)}`) {
  const client = await visitor(server.app);
  const page = await client.inject({ method: 'GET', url: '/members/password' });
  expect(page.body).toContain('<form method="post" action="/members/password">');
  const body = new URLSearchParams({ crumb: client.crumb, email }).toString();
  return server.app.inject({ method: 'POST', url: '/members/password', remoteAddress, headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
}
const linkIn = (text: string) => /http:\/\/127\.0\.0\.1:8080\/members\/password\/new\?token=([\w-]+)/.exec(text)?.[1];

// Scrypt hashes and a second server: slow on a busy machine.
describe('a member’s new password by mail', { timeout: 30_000 }, () => {
  it('the members-only page links to it when the site sends mail', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/members' });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain(FORGOT);
    const plain = await startTestServer();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/members' })).body).not.toContain('member-forgot');
      const asked = await plain.app.inject({ method: 'GET', url: '/members/password' });
      expect(asked.body).toContain('This site cannot send email. Please ask the site’s owner for a new password.');
      expect(asked.body).not.toContain('<form method="post" action="/members/password">');
    } finally {
      await plain.close();
    }
  });

  it('the same answer for a member and for anyone else; only the member gets a mail, with a link in the site’s address', async () => {
    sink.messages.length = 0;
    const stranger = await askFor('nobody@example.com');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).toContain('If nobody@example.com belongs to a member of this site, a link to choose a new password is on its way. It works for one hour.');
    const member = await askFor(MEMBER.email);
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain(`If ${MEMBER.email} belongs to a member of this site, a link to choose a new password is on its way. It works for one hour.`);
    await settled();
    expect(sink.messages).toHaveLength(1);
    expect(sink.recipients.at(-1)).toEqual([MEMBER.email]);
    const [mail] = sink.messages;
    expect(mail!.subject).toBe('Reset your password · Tessera demo');
    expect(mail!.text).toMatch(new RegExp(`^Someone asked to reset the password of ${MEMBER.email} on Tessera demo. To choose a new one, open this link within an hour:\\nhttp://127.0.0.1:8080/members/password/new\\?token=[\\w-]{43}\\n\\nIf it was not you, ignore this email: your password stays as it is.\\n$`));
    expect(await countRows(server, 'member_password_resets')).toBe(1);
  });

  it('the link moves its token into a cookie, sets a new password once, and ends the member’s sessions', async () => {
    const token = linkIn(sink.messages.at(-1)!.text!)!;
    const session = await visitor(server.app);
    expect((await session.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: MEMBER.email, password: MEMBER.password } })).statusCode).toBe(200);
    expect((await session.inject({ method: 'GET', url: '/members' })).statusCode).toBe(200);

    const client = await visitor(server.app);
    const opened = await client.inject({ method: 'GET', url: `/members/password/new?token=${token}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/members/password/new');
    expect(String(opened.headers['set-cookie'])).toMatch(/member_reset=[\w-]+; Max-Age=3600; Path=\/members\/password\/new; HttpOnly; SameSite=Lax/);
    const form = await client.inject({ method: 'GET', url: '/members/password/new' });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<input id="reset-password" name="password" type="password" required minlength="8" maxlength="1024" autocomplete="new-password" aria-describedby="reset-password-hint">');
    expect(form.body).toContain('<span id="reset-password-hint">At least 8 characters.</span>');
    expect(form.body).not.toContain(token);
    expect(form.body).toContain(`<input name="username" type="email" autocomplete="username" value="${MEMBER.email}" readonly hidden>`);

    const short = await postForm(server.app, client, '/members/password/new', { password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('<p class="form-error" role="alert">The password must have at least 8 characters.</p>');
    const forged = await postForm(server.app, { ...client, crumb: 'forged' }, '/members/password/new', { password: 'a-new-password-1' });
    expect(forged.statusCode).toBe(403);

    const changed = await postForm(server.app, client, '/members/password/new', { password: 'a-new-password-1' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Your password is changed. Sign in with it on the members’ pages.');
    expect(await signIn('a-new-password-1')).toBe(200);
    expect(await signIn(MEMBER.password)).toBe(401);
    // The session from before is over.
    expect((await session.inject({ method: 'GET', url: '/members' })).statusCode).toBe(403);
    // Once only.
    const again = await server.app.inject({ method: 'GET', url: `/members/password/new?token=${token}` });
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('This link has expired or was used already. Ask for a new one.');
    expect(await completePasswordReset(server.app.storage, token, 'another-password-2')).toBe(false);
  });

  it('a link older than an hour sets nothing', async () => {
    sink.messages.length = 0;
    await askFor(MEMBER.email);
    await settled();
    const token = linkIn(sink.messages[0]!.text!)!;
    await rows(server, 'UPDATE member_password_resets SET expires_at = ?', Date.now() - 1);
    expect((await server.app.inject({ method: 'GET', url: `/members/password/new?token=${token}` })).statusCode).toBe(404);
    expect(await completePasswordReset(server.app.storage, token, 'another-password-2', Date.now())).toBe(false);
    expect(RESET_LIFETIME_MS).toBe(3_600_000);
  });

  it('a member the owner adds gets a link to choose their own password, good for a week', async () => {
    sink.messages.length = 0;
    const admin = await visitor(server.app);
    expect((await admin.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    const added = await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'newcomer@example.com' } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ email: 'newcomer@example.com', mailed: true });
    await settled();
    expect(sink.recipients.at(-1)).toEqual(['newcomer@example.com']);
    const mail = sink.messages.at(-1)!;
    expect(mail.subject).toBe('You are a member of Tessera demo');
    expect(mail.text).toMatch(/^You are now a member of Tessera demo, with the address newcomer@example.com. Choose your password with this link within 7 days:\nhttp:\/\/127\.0\.0\.1:8080\/members\/password\/new\?token=[\w-]{43}\n\nThen sign in with it on the members’ pages. If the link has expired, use “Forgot your password\?” there.\n$/);
    const [{ expires_at: expires }] = (await rows<{ expires_at: number }>(server, 'SELECT r.expires_at FROM member_password_resets r JOIN site_users u ON u.id = r.user_id WHERE u.email = ?', 'newcomer@example.com')) as [{ expires_at: number }];
    expect(Number(expires) - Date.now()).toBeGreaterThan(WELCOME_LIFETIME_MS - 60_000);
    const token = linkIn(mail.text!)!;
    expect(await completePasswordReset(server.app.storage, token, 'newcomer-password-1', Date.now() + 6 * 86_400_000)).toBe(true);
  });

  it('the owner’s new password for a member ends every link of theirs and mails them one to choose their own, good for a week', async () => {
    const admin = await visitor(server.app);
    expect((await admin.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
    expect((await admin.inject({ method: 'POST', url: '/api/owner/members', payload: { email: 'renewed@example.com' } })).statusCode).toBe(201);
    await settled();
    const welcome = linkIn(sink.messages.at(-1)!.text!)!;
    sink.messages.length = 0;
    const renewed = await admin.inject({ method: 'POST', url: '/api/owner/members/Renewed%40example.com/password' });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ email: 'renewed@example.com', mailed: true });
    await settled();
    expect(sink.messages).toHaveLength(1);
    expect(sink.recipients.at(-1)).toEqual(['renewed@example.com']);
    const mail = sink.messages[0]!;
    expect(mail.subject).toBe('Your password for Tessera demo was changed');
    expect(mail.text).toMatch(/^The owner of Tessera demo gave renewed@example.com a new password and signed you out. Choose your own password with this link within 7 days:\nhttp:\/\/127\.0\.0\.1:8080\/members\/password\/new\?token=[\w-]{43}\n\nThen sign in with it on the members’ pages. If the link has expired, use “Forgot your password\?” there.\n$/);
    // The link from when they were added sets nothing past the owner's password; the new one does, within the week.
    expect(await completePasswordReset(server.app.storage, welcome, 'stale-link-password', Date.now())).toBe(false);
    expect(await completePasswordReset(server.app.storage, linkIn(mail.text!)!, 'renewed-password-1', Date.now() + 6 * 86_400_000)).toBe(true);
    const member = await visitor(server.app);
    expect((await member.inject({ method: 'POST', url: '/api/site-users/account/session', payload: { email: 'renewed@example.com', password: 'renewed-password-1' } })).statusCode).toBe(200);
  });

  it(`past ${RESETS_PER_EMAIL} requests for one address, or ${RESETS_PER_CLIENT} from one client, in an hour: 429 and no more mail; a form without the crumb sends nothing`, async () => {
    sink.messages.length = 0;
    const forOne = [];
    for (let index = 0; index <= RESETS_PER_EMAIL; index += 1) forOne.push((await askFor('limited@example.com')).statusCode);
    expect(forOne).toEqual([...Array<number>(RESETS_PER_EMAIL).fill(200), 429]);
    expect((await askFor('limited@example.com')).body).toContain('<p role="alert">Too many requests. Please try again later.</p>');
    const fromOne = [];
    for (let index = 0; index <= RESETS_PER_CLIENT; index += 1) fromOne.push((await askFor(`someone${index}@example.com`, '10.9.9.9')).statusCode);
    expect(fromOne).toEqual([...Array<number>(RESETS_PER_CLIENT).fill(200), 429]);
    const client = await visitor(server.app);
    const noCrumb = await server.app.inject({ method: 'POST', url: '/members/password', headers: { cookie: cookieHeader(client.jar), 'content-type': 'application/x-www-form-urlencoded' }, payload: `email=${encodeURIComponent(MEMBER.email)}` });
    expect(noCrumb.statusCode).toBe(403);
    expect(noCrumb.body).toContain('Your session has expired. Please try again.');
    await settled();
    expect(sink.messages).toHaveLength(0);
  });
});
