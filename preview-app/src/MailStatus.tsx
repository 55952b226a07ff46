import { ownerGet } from './owner-api';
import { useOwnerData } from './use-owner-data';
import { counted } from './counted';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { MailAnswer } from '../../contract/api/owner-answers';

/** What the panel says of the mail: whether and to whom notices go, or what does not go out and why. */
export function mailSentence(mail: MailAnswer): { text: string; trouble: boolean } {
  if (!mail.sending) return { text: 'This server sends no mail: new submissions and orders show here only (its SMTP_URL setting turns notices on).', trouble: false };
  const parts: string[] = [];
  const are = (n: number) => (n === 1 ? 'is' : 'are');
  if (mail.waiting) parts.push(`Mail is not going out: ${counted(mail.waiting, 'message')} ${are(mail.waiting)} waiting since ${new Date(mail.waitingSince!).toLocaleString()}, tried again for about eight hours.`);
  if (mail.failed) parts.push(`${counted(mail.failed, 'message')} could not be sent at all in the last 30 days.`);
  if (!parts.length) return { text: `New submissions and orders are also mailed to ${mail.to.join(', ')}.`, trouble: false };
  if (mail.problem) parts.push(`The last error: ${mail.problem}.`);
  parts.push('Whoever runs the server can check its mail settings with npm run send-test-mail.');
  return { text: parts.join(' '), trouble: true };
}

export type LoadMail = (path: string) => Promise<MailAnswer>;

// The submissions and orders panels mount together: one request answers both.
let asking: Promise<MailAnswer> | null = null;
const askOnce: LoadMail = (path) =>
  (asking ??= ownerGet<MailAnswer>(path).finally(() => {
    asking = null;
  }));

/**
 * Whether the owner is mailed a notice of each submission and order, shown with them: an owner
 * learns of a wrong mail password here rather than from a customer who heard nothing.
 */
export function MailStatus({ load = askOnce }: { load?: LoadMail }) {
  const [state] = useOwnerData<MailAnswer>(OWNER_PATHS.mail, load);
  if (state.status !== 'ready') return null;
  const { text, trouble } = mailSentence(state.data);
  return <p className={trouble ? 'config-error' : undefined}>{text}</p>;
}
