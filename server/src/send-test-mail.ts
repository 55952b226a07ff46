/**
 * `npm run send-test-mail -- [ADDRESS]`: sends one mail at once through SMTP_URL, from MAIL_FROM,
 * to NOTIFY_EMAIL (or ADDRESS), and says what the mail server answered or what went wrong, so
 * that a self-hoster knows the mail settings work before a visitor's submission depends on them.
 * It reads the settings as the server does and touches no database.
 */
import os from 'node:os';
import path from 'node:path';
import { isMailAddress, parseMailSettings, shownSmtpUrl, type MailSettings } from './mail/settings';
import { mailProblem, mailTransport } from './mail/transport';

export const TEST_MAIL_SUBJECT = 'Test mail from your Tessera site server';

export interface TestMailResult {
  ok: boolean;
  /** What to print: the mail server's answer, or what went wrong and what to check. */
  lines: string[];
}

/** Sends the test mail with these settings to `to` (NOTIFY_EMAIL's addresses unless given). */
export async function sendTestMail(settings: MailSettings, to: string[] = settings.notify, now = new Date()): Promise<TestMailResult> {
  const through = `through ${shownSmtpUrl(settings.smtpUrl)} from ${settings.from}`;
  const transport = mailTransport(settings);
  try {
    const sent = await transport.sendMail({
      to: to.map((address) => ({ name: '', address })),
      subject: TEST_MAIL_SUBJECT,
      text: [
        `This mail was sent by \`npm run send-test-mail\` on ${os.hostname()} at ${now.toISOString()}.`,
        '',
        'Notices of form submissions and orders come to NOTIFY_EMAIL the same way, and receipts and password links go to visitors from MAIL_FROM.',
        'If this one landed in a spam folder, the mail provider of MAIL_FROM’s domain may need this server allowed to send for it (SPF, DKIM).',
        '',
      ].join('\n'),
    });
    const refused = (sent.rejected ?? []).map(String);
    const lines = [`Sent "${TEST_MAIL_SUBJECT}" to ${to.join(', ')} ${through}.`, `The mail server answered: ${sent.response}`];
    if (refused.length) lines.push(`It refused ${refused.join(', ')}.`);
    lines.push('If it does not arrive within a few minutes, look in the spam folder, then in the mail server’s own log for the answer above.');
    return { ok: refused.length === 0, lines };
  } catch (error) {
    return { ok: false, lines: [`Not sent ${through}: ${mailProblem(error, settings)}.`] };
  } finally {
    transport.close();
  }
}

/** The settings from the environment and the address from the command line, or what is wrong with them. */
export function testMailRequest(env: NodeJS.ProcessEnv, args: string[]): { settings: MailSettings; to: string[] } | { problems: string[] } {
  const given = args.filter((arg) => !arg.startsWith('-'));
  const bad = given.filter((address) => !isMailAddress(address));
  if (bad.length) return { problems: [`"${bad[0]}" is not an e-mail address. Usage: npm run send-test-mail -- [ADDRESS] (NOTIFY_EMAIL's addresses without one)`] };
  // An address given stands in for NOTIFY_EMAIL when neither it nor OWNER_EMAIL is set.
  const settings = parseMailSettings(given.length ? { NOTIFY_EMAIL: given.join(','), ...env } : env);
  if (!settings) return { problems: ['SMTP_URL is not set, so the server sends no mail. Set SMTP_URL and MAIL_FROM (docs/deployment.md, "Mail to the owner") as you start the server, and run this with them.'] };
  if ('problems' in settings) return settings;
  return { settings, to: given.length ? given : settings.notify };
}

async function main(): Promise<number> {
  const request = testMailRequest(process.env, process.argv.slice(2));
  if ('problems' in request) {
    for (const problem of request.problems) console.error(problem);
    return 2;
  }
  const result = await sendTestMail(request.settings, request.to);
  for (const line of result.lines) (result.ok ? console.log : console.error)(line);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]).endsWith(path.join('dist', 'server', 'send-test-mail.js'))) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`send-test-mail failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
