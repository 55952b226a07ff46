/**
 * The one way the server talks to the site's mail server (nodemailer's SMTP transport), and
 * what a failure means in words a self-hoster can act on: used by the sender, the check at
 * start and `npm run send-test-mail`.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { MailSettings } from './settings';

/** Short enough that a mail server that hangs holds a sender (and a shutdown) briefly; long enough for a slow one. */
const TRANSPORT_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Over smtp:// a password goes only inside STARTTLS, unless the mail server is on this machine:
 * without it, anyone on the way could take the STARTTLS offer out of the greeting and read the
 * password. SMTP_URL's own `?requireTLS=false` (or `?ignoreTLS=true` on a loopback) says otherwise.
 */
export function needsStartTls(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && (url.username !== '' || url.password !== '') && !LOOPBACK.test(url.hostname);
}

/**
 * `pooled`: one connection that carries message after message until closed (the sender's
 * bursts); otherwise a connection per message.
 */
export const mailTransport = (settings: MailSettings, { pooled = false } = {}): Transporter =>
  // The URL's options (`?tls.rejectUnauthorized=false`, `?requireTLS=false`) win over these.
  createTransport(
    { url: settings.smtpUrl, ...TRANSPORT_TIMEOUTS, requireTLS: needsStartTls(settings.smtpUrl), ...(pooled ? { pool: true, maxConnections: 1 } : {}) },
    { from: settings.from },
  );

const NO_ANSWER = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** What an error from the mail server or the network means in SMTP_URL's and MAIL_FROM's terms, when it is one of the usual. */
function meaningOf(code: string | undefined, responseCode: number, said: string, url: URL): string | null {
  if (code === 'EAUTH' || code === 'ENOAUTH') return 'the mail server refused the user name or password in SMTP_URL';
  if (code === 'EDNS') return `no host is named ${url.hostname}: check SMTP_URL's host`;
  if (/certificate|self[- ]signed|altname/i.test(said)) {
    return "the mail server's certificate is not one this machine trusts (expired, self-signed, or for another name): write the host name its certificate has, or, for a mail server on this machine or your own network, add ?tls.rejectUnauthorized=false to SMTP_URL";
  }
  if (/STARTTLS/.test(said) && !/wrong version number|ssl routines/i.test(said)) {
    return 'the mail server did not start an encrypted connection (STARTTLS), and the password in SMTP_URL does not go in the clear: use smtps:// on port 465 if the mail server has it, or, for one on your own network, add ?requireTLS=false to SMTP_URL';
  }
  if (code === 'ETLS' || /wrong version number|ssl routines/i.test(said)) return 'the encrypted connection failed: smtps:// is for port 465 (TLS from the start), smtp:// for 587 (STARTTLS)';
  if (code && NO_ANSWER.has(code)) {
    const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    return `no mail server answered at ${where}: check SMTP_URL's host and port (587 for smtp://, 465 for smtps://) and that this machine may connect out to it`;
  }
  if (code === 'EENVELOPE' && responseCode >= 500) return 'the mail server refused the sender (MAIL_FROM: one it lets you send as?) or a recipient';
  if (code === 'EMESSAGE' && responseCode >= 500) return 'the mail server refused the message';
  return null;
}

/**
 * What went wrong, first in the settings' terms, then as the mail server or the network said it
 * (the password never in it).
 */
export function mailProblem(error: unknown, settings: MailSettings): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const url = new URL(settings.smtpUrl);
  // A password short enough to be in any message is not looked for (its letters would go).
  const password = decodeURIComponent(url.password);
  const said = (message ?? String(error)).replaceAll(password.length >= 4 ? password : '\u0000', '***').replace(/\s+/g, ' ').trim();
  const meaning = meaningOf(code, responseCode ?? 0, said, url);
  return meaning ? `${meaning} (${said})` : said;
}
