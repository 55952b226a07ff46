import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestMail, TEST_MAIL_SUBJECT, testMailRequest } from '../src/send-test-mail';
import type { MailSettings } from '../src/mail/settings';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const FROM = 'Tessera demo <site@test.local>';
let sink: SmtpSink;
let guarded: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  guarded = await startSmtpSink({ password: 'right-word' });
});
afterAll(async () => {
  await sink.close();
  await guarded.close();
});

const settings = (smtpUrl: string): MailSettings => ({ smtpUrl, from: FROM, notify: ['owner@test.local', 'second@test.local'] });
const withPassword = (url: string, password: string) => url.replace('smtp://', `smtp://site:${password}@`);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('npm run send-test-mail', { timeout: 30_000 }, () => {
  it('sends one mail to NOTIFY_EMAIL at once and prints what the mail server answered', async () => {
    const result = await sendTestMail(settings(withPassword(guarded.url, 'right-word')), undefined, new Date('2026-11-29T20:00:00Z'));
    expect(result.ok).toBe(true);
    const port = new URL(guarded.url).port;
    expect(result.lines[0]).toBe(`Sent "Test mail from your Tessera site server" to owner@test.local, second@test.local through smtp://site:***@127.0.0.1:${port} from ${FROM}.`);
    expect(result.lines[1]).toMatch(/^The mail server answered: 250 /);
    expect(result.lines.at(-1)).toBe('If it does not arrive within a few minutes, look in the spam folder, then in the mail server’s own log for the answer above.');
    expect(guarded.recipients).toEqual([['owner@test.local', 'second@test.local']]);
    const [mail] = guarded.messages;
    expect(mail!.subject).toBe(TEST_MAIL_SUBJECT);
    expect(mail!.from!.text).toBe('"Tessera demo" <site@test.local>');
    expect(mail!.text).toMatch(/^This mail was sent by `npm run send-test-mail` on .+ at 2026-11-29T20:00:00\.000Z\.\n\nNotices of form submissions and orders come to NOTIFY_EMAIL the same way/);
  });

  it('says in the settings’ terms what went wrong: a wrong password, no mail server, a refused address; never the password', async () => {
    const wrong = await sendTestMail(settings(withPassword(guarded.url, 'wrong-word')));
    expect(wrong.ok).toBe(false);
    expect(wrong.lines).toHaveLength(1);
    expect(wrong.lines[0]).toMatch(/^Not sent through smtp:\/\/site:\*\*\*@127\.0\.0\.1:\d+ from .+: the mail server refused the user name or password in SMTP_URL \(.*535.*\)\.$/);
    expect(wrong.lines[0]).not.toContain('wrong-word');

    const port = await closedPort();
    const away = await sendTestMail(settings(`smtp://127.0.0.1:${port}`));
    expect(away.ok).toBe(false);
    expect(away.lines[0]).toContain(`: no mail server answered at 127.0.0.1:${port}: check SMTP_URL's host and port (587 for smtp://, 465 for smtps://) and that this machine may connect out to it (`);

    sink.refuse = 'forever';
    try {
      const refused = await sendTestMail(settings(sink.url), ['nobody@test.local']);
      expect(refused.ok).toBe(false);
      expect(refused.lines[0]).toMatch(/: the mail server refused the sender \(MAIL_FROM: one it lets you send as\?\) or a recipient \(.*550.*\)\.$/);
    } finally {
      sink.refuse = null;
    }
    expect(sink.messages).toHaveLength(0);
  });

  it('reads the settings as the server does; an address on the command line goes instead of NOTIFY_EMAIL', async () => {
    expect(testMailRequest({}, [])).toEqual({ problems: ['SMTP_URL is not set, so the server sends no mail. Set SMTP_URL and MAIL_FROM (docs/deployment.md, "Mail to the owner") as you start the server, and run this with them.'] });
    const env = { SMTP_URL: sink.url, MAIL_FROM: FROM, OWNER_EMAIL: 'owner@test.local' };
    expect(testMailRequest({ SMTP_URL: sink.url }, [])).toEqual({ problems: [expect.stringMatching(/^MAIL_FROM must be set with SMTP_URL/), expect.stringMatching(/^NOTIFY_EMAIL must be set with SMTP_URL \(or OWNER_EMAIL/)] });
    expect(testMailRequest(env, [])).toEqual({ settings: { smtpUrl: sink.url, from: FROM, notify: ['owner@test.local'] }, to: ['owner@test.local'] });
    expect(testMailRequest(env, ['me@test.local'])).toMatchObject({ to: ['me@test.local'] });
    expect(testMailRequest({ SMTP_URL: sink.url, MAIL_FROM: FROM }, ['me@test.local'])).toMatchObject({ to: ['me@test.local'] });
    expect(testMailRequest(env, ['me@'])).toEqual({ problems: ['"me@" is not an e-mail address. Usage: npm run send-test-mail -- [ADDRESS] (NOTIFY_EMAIL\'s addresses without one)'] });
    const sent = await sendTestMail(settings(sink.url), ['me@test.local']);
    expect(sent.ok).toBe(true);
    expect(sink.recipients.at(-1)).toEqual(['me@test.local']);
  });
});
