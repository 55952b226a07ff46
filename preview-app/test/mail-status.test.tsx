import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRoot } from './react-root';
import { Orders } from '../src/Orders';
import { Submissions } from '../src/Submissions';
import type { MailAnswer } from '../../contract/api/owner-answers';

const view = reactRoot();

const WORKS: MailAnswer = { sending: true, to: ['owner@example.com', 'shop@example.com'], waiting: 0, waitingSince: null, failed: 0, problem: null };
const SINCE = '2026-11-29T10:00:00.000Z';
const PROBLEM = 'the mail server refused the user name or password in SMTP_URL (Invalid login: 535 Authentication failed)';

/** The mail sentence a panel shows over this answer, and the paths it asked for. */
async function said(mail: MailAnswer, panel: 'submissions' | 'orders' = 'submissions') {
  const loads: string[] = [];
  const loadMail = async (path: string) => {
    loads.push(path);
    return mail;
  };
  const element = panel === 'orders' ? <Orders load={async () => ({ orders: [], total: 0 })} loadMail={loadMail} /> : <Submissions load={async () => ({ submissions: [] })} loadMail={loadMail} />;
  await act(async () => view.root.render(element));
  const sentence = view.container.querySelector('h2 + p')!;
  return { loads, text: sentence.textContent, trouble: sentence.className === 'config-error' };
}

describe('the mail line of the submissions and orders panels', () => {
  it('says where notices go when mail works, and that none are sent without SMTP_URL', async () => {
    expect(await said(WORKS)).toEqual({ loads: ['/api/owner/mail'], text: 'New submissions and orders are also mailed to owner@example.com, shop@example.com.', trouble: false });
    expect(await said({ ...WORKS, sending: false, to: [] }, 'orders')).toMatchObject({
      text: 'This server sends no mail: new submissions and orders show here only (its SMTP_URL setting turns notices on).',
      trouble: false,
    });
  });

  it('says, as a problem, what does not go out, since when, and the last error', async () => {
    expect(await said({ ...WORKS, waiting: 3, waitingSince: SINCE, problem: PROBLEM })).toEqual({
      loads: ['/api/owner/mail'],
      text: `Mail is not going out: 3 messages are waiting since ${new Date(SINCE).toLocaleString()}, tried again for about eight hours. The last error: ${PROBLEM}. Whoever runs the server can check its mail settings with npm run send-test-mail.`,
      trouble: true,
    });
    expect((await said({ ...WORKS, waiting: 1, waitingSince: SINCE, failed: 2, problem: PROBLEM }, 'orders')).text).toBe(
      `Mail is not going out: 1 message is waiting since ${new Date(SINCE).toLocaleString()}, tried again for about eight hours. 2 messages could not be sent at all in the last 30 days. The last error: ${PROBLEM}. Whoever runs the server can check its mail settings with npm run send-test-mail.`,
    );
    expect(await said({ ...WORKS, failed: 1, problem: 'the mail server refused the message (550 spam)' })).toMatchObject({
      text: '1 message could not be sent at all in the last 30 days. The last error: the mail server refused the message (550 spam). Whoever runs the server can check its mail settings with npm run send-test-mail.',
      trouble: true,
    });
  });

  it('says nothing when the mail answer does not come: the panel itself still shows', async () => {
    await act(async () => view.root.render(<Submissions load={async () => ({ submissions: [] })} loadMail={() => Promise.reject(new Error('offline'))} />));
    expect(view.container.textContent).toContain('No form submissions yet.');
    expect(view.container.textContent).not.toMatch(/mail/i);
  });
});
