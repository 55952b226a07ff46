/**
 * The one way the server talks to the site's mail server (nodemailer's SMTP transport), and
 * what a failure means in words a self-hoster can act on: used by the sender, the check at
 * start and `npm run send-test-mail`.
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { MailSettings } from './settings';

/** Short enough that a mail server that hangs holds a sender (and a shutdown) briefly; long enough for a slow one. */
const TRANSPORT_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000, dnsTimeout: 10_000 };

export const mailTransport = (settings: MailSettings): Transporter => createTransport({ url: settings.smtpUrl, ...TRANSPORT_TIMEOUTS }, { from: settings.from });

const NO_ANSWER = new Set(['ECONNECTION', 'ESOCKET', 'ETIMEDOUT', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/**
 * What went wrong, first in the settings' terms, then as the mail server or the network said it
 * (the password never in it).
 */
export function mailProblem(error: unknown, settings: MailSettings): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: string; responseCode?: number; message?: string };
  const url = new URL(settings.smtpUrl);
  const said = (message ?? String(error)).replaceAll(decodeURIComponent(url.password) || '\u0000', '***');
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  const meaning =
    code === 'EAUTH' || code === 'ENOAUTH'
      ? 'the mail server refused the user name or password in SMTP_URL'
      : code === 'EDNS'
        ? `no host is named ${url.hostname}: check SMTP_URL's host`
        : code === 'ETLS' || /wrong version number|ssl routines/i.test(said)
          ? 'the encrypted connection failed: smtps:// is for port 465 (TLS from the start), smtp:// for 587 (STARTTLS)'
          : code && NO_ANSWER.has(code)
            ? `no mail server answered at ${where}: check SMTP_URL's host and port (587 for smtp://, 465 for smtps://) and that this machine may connect out to it`
            : code === 'EENVELOPE' && (responseCode ?? 0) >= 500
              ? 'the mail server refused the sender (MAIL_FROM: one it lets you send as?) or a recipient'
              : code === 'EMESSAGE' && (responseCode ?? 0) >= 500
                ? 'the mail server refused the message'
                : null;
  return meaning ? `${meaning} (${said})` : said;
}


