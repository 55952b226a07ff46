import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendTestMail, TEST_MAIL_SUBJECT, testMailRequest } from '../src/send-test-mail';
import type { MailSettings } from '../src/mail/settings';
import { needsStartTls } from '../src/mail/transport';
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

  it('says in the settings’ terms what went wrong: a wrong password, no mail server, a certificate not trusted, the wrong scheme, a refused address; never the password', async () => {
    const wrong = await sendTestMail(settings(withPassword(guarded.url, 'wrong-word')));
    expect(wrong.ok).toBe(false);
    expect(wrong.lines).toHaveLength(1);
    expect(wrong.lines[0]).toMatch(/^Not sent through smtp:\/\/site:\*\*\*@127\.0\.0\.1:\d+ from .+: the mail server refused the user name or password in SMTP_URL \(.*535.*\)\.$/);
    expect(wrong.lines[0]).not.toContain('wrong-word');

    const port = await closedPort();
    const away = await sendTestMail(settings(`smtp://127.0.0.1:${port}`));
    expect(away.ok).toBe(false);
    expect(away.lines[0]).toContain(`: no mail server answered at 127.0.0.1:${port}: check SMTP_URL's host and port (587 for smtp://, 465 for smtps://) and that this machine may connect out to it (`);

    // A mail server whose certificate this machine does not trust (its own, on the same host, say): how to reach it anyway.
    const ownCertificate = await startSmtpSink({ startTls: true });
    try {
      const untrusted = await sendTestMail(settings(ownCertificate.url));
      expect(untrusted.ok).toBe(false);
      expect(untrusted.lines[0]).toContain(
        ": the mail server's certificate is not one this machine trusts (expired, self-signed, or for another name): write the host name its certificate has, or, for a mail server on this machine or your own network, add ?tls.rejectUnauthorized=false to SMTP_URL (",
      );
      const trusted = await sendTestMail(settings(`${ownCertificate.url}?tls.rejectUnauthorized=false`));
      expect(trusted.ok).toBe(true);
      expect(ownCertificate.messages).toHaveLength(1);
    } finally {
      await ownCertificate.close();
    }
    // A password over smtp:// to a mail server that offers no STARTTLS (as one elsewhere would be made to look by anyone on the way).
    const clear = await sendTestMail(settings(`${withPassword(guarded.url, 'right-word')}?requireTLS=true`));
    expect(clear.ok).toBe(false);
    expect(clear.lines[0]).toContain(
      ': the mail server did not start an encrypted connection (STARTTLS), and the password in SMTP_URL does not go in the clear: use smtps:// on port 465 if the mail server has it, or, for one on your own network, add ?requireTLS=false to SMTP_URL (',
    );
    expect(clear.lines[0]).not.toContain('right-word');
    // smtps:// on a port that speaks plain SMTP first.
    const wrongScheme = await sendTestMail(settings(sink.url.replace('smtp://', 'smtps://')));
    expect(wrongScheme.lines[0]).toMatch(/: the encrypted connection failed: smtps:\/\/ is for port 465 \(TLS from the start\), smtp:\/\/ for 587 \(STARTTLS\) \([^\n]*\)\.$/);

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

  it('sends a password over smtp:// only inside STARTTLS, unless the mail server is on this machine or SMTP_URL says otherwise', () => {
    expect(needsStartTls('smtp://site%40example.com:pw@smtp.example.com:587')).toBe(true);
    expect(needsStartTls('smtp://user:pw@10.0.0.5:25')).toBe(true);
    for (const url of ['smtps://user:pw@smtp.example.com:465', 'smtp://smtp.example.com:25', 'smtp://user:pw@localhost:25', 'smtp://user:pw@127.0.0.1:25', 'smtp://user:pw@[::1]:25']) expect(needsStartTls(url), url).toBe(false);
  });

  // This machine's own address on its network: a mail server there is not on a loopback.
  const networkAddress = Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;
  it.skipIf(!networkAddress)('a mail server elsewhere that offers no STARTTLS gets no password, unless SMTP_URL says ?requireTLS=false', async () => {
    const elsewhere = await startSmtpSink({ password: 'right-word', host: networkAddress });
    try {
      const refused = await sendTestMail(settings(withPassword(elsewhere.url, 'right-word')));
      expect(refused.ok).toBe(false);
      expect(refused.lines[0]).toContain(': the mail server did not start an encrypted connection (STARTTLS)');
      expect(elsewhere.messages).toHaveLength(0);
      expect((await sendTestMail(settings(`${withPassword(elsewhere.url, 'right-word')}?requireTLS=false`))).ok).toBe(true);
      expect(elsewhere.messages).toHaveLength(1);
    } finally {
      await elsewhere.close();
    }
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
