/**
 * Mail settings (SMTP_URL, MAIL_FROM, NOTIFY_EMAIL): with them the server sends the owner a
 * notice of each form submission and order; without SMTP_URL it sends nothing and queues
 * nothing. Read with the rest of the settings (config.ts), every problem named at once.
 */
import { hidePassword } from '../security/hide-password';

export interface MailSettings {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with its user and password. */
  smtpUrl: string;
  /** The notices' From: an address, or a name and an address (`Site <site@example.com>`). */
  from: string;
  /** Who gets the notices. */
  notify: string[];
}

const ADDRESS = /^[^@\s<>,;"]+@[^@\s<>,;"]+\.[^@\s<>,;"]+$/;
export const isMailAddress = (text: string): boolean => ADDRESS.test(text);
/** `site@example.com` or `Example site <site@example.com>`. */
const FROM = /^(?:[^<>\r\n"]*<([^<>\s]+)>|([^<>\s]+))$/;

/** The settings, or what is wrong with them (config.ts says it with the rest). */
export function parseMailSettings(env: NodeJS.ProcessEnv): MailSettings | null | { problems: string[] } {
  const value = (name: string) => env[name]?.trim() || undefined;
  const smtpUrl = value('SMTP_URL');
  const from = value('MAIL_FROM');
  const notifyText = value('NOTIFY_EMAIL') ?? value('OWNER_EMAIL');
  if (!smtpUrl) {
    const stray = ['MAIL_FROM', 'NOTIFY_EMAIL'].filter((name) => value(name));
    if (stray.length) return { problems: [`SMTP_URL must be set for ${stray.join(' and ')} to be of use: the mail server that sends the notices, such as smtp://user:password@mail.example.com:587`] };
    return null;
  }
  const problems: string[] = [];
  let url: URL | null = null;
  try {
    url = new URL(smtpUrl);
  } catch {
    problems.push('SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, and does not read as one: write a #, /, ? or % in the user name or password as %23, %2F, %3F or %25');
  }
  if (url && url.protocol !== 'smtp:' && url.protocol !== 'smtps:') problems.push(`SMTP_URL must start with smtp:// (port 587, STARTTLS) or smtps:// (port 465, TLS), not ${url.protocol}//`);
  else if (url && !url.hostname) problems.push('SMTP_URL must name the mail server after the //, such as smtp://user:password@mail.example.com:587');
  const fromAddress = from && FROM.exec(from);
  if (!from) problems.push('MAIL_FROM must be set with SMTP_URL: the address the notices come from, such as "Example site <site@example.com>" (one your mail server may send as)');
  else if (!fromAddress || !ADDRESS.test(fromAddress[1] ?? fromAddress[2] ?? '')) problems.push(`MAIL_FROM must be an e-mail address, or a name and an address in <>, not "${from}"`);
  const notify = (notifyText ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  if (!notifyText) problems.push('NOTIFY_EMAIL must be set with SMTP_URL (or OWNER_EMAIL, which it defaults to): who gets the notices, comma-separated');
  const bad = notify.filter((address) => !ADDRESS.test(address));
  if (bad.length) problems.push(`NOTIFY_EMAIL must list e-mail addresses, comma-separated, not "${bad[0]}"`);
  if (problems.length) return { problems };
  return { smtpUrl, from: from!, notify };
}

/** The SMTP URL as the start banner and the log print it: its password replaced by ***. */
export const shownSmtpUrl = (smtpUrl: string): string => hidePassword(smtpUrl, 'smtp://…');
