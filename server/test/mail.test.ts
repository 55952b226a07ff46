import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { effectiveSettings, loadConfig } from '../src/config';
import { dropOldFailedNotices, FAILED_KEPT_MS, MAIL_FAILING, MAIL_WORKS, queueNotice, NOTICES_PER_HOUR, RETRY_DELAYS_MS, STALE_SEND_MS, STOP_WAIT_MS } from '../src/mail/outbox';
import { parseMailSettings } from '../src/mail/settings';
import { submissionNotice } from '../src/mail/notices';
import { placeOrderWithNotice, RECEIPTS_PER_HOUR } from '../src/plugins/mail';
import type { MailAnswer } from '../../contract/api/owner-answers';
import { countRows, OWNER, postForm, rows, startLoggedTestServer, startTestServer, TEST_ENGINE, type LogLine, type TestServer, visitor } from './helper';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const TOKEN = 'mail-metrics-token-0123456789';
const FROM = 'Tessera demo <site@test.local>';
const NOTIFY = ['owner@test.local', 'second@test.local'];

let sink: SmtpSink;
let server: TestServer;
let lines: LogLine[];
const clock = { offset: 0 };
beforeAll(async () => {
  sink = await startSmtpSink();
  ({ server, lines } = await startLoggedTestServer({ mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY }, mailClock: () => Date.now() + clock.offset, metricsToken: TOKEN }));
});
afterAll(async () => {
  await server.close();
  await sink.close();
});

const page = { url: 'http://127.0.0.1/contact?from=menu', title: 'Contact', referrer: '' };
async function submit(target: TestServer, values: Record<string, unknown>) {
  const client = await visitor(target.app);
  const key = (await client.inject({ method: 'POST', url: '/api/form/FormSubmissionKey' })).json().key as string;
  const answer = await client.inject({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: { ...page, key, formId: 'contact', isOverlayForm: false, form: JSON.stringify(values) } });
  expect(answer.statusCode).toBe(200);
}
const ADA = { name: ['Ada', 'Lovelace'], email: 'Ada@Example.com', message: 'First line\nsecond line', phone: ['44', '20', '7946', '0000'] };
const settled = () => server.app.mail!.idle();
const outbox = () => rows<{ status: string; attempts: number; last_error: string | null; due_at: number }>(server, 'SELECT status, attempts, last_error, due_at FROM mail_outbox');
const said = (text: string) => lines.filter((line) => line.msg.includes(text));
/** What the owner app reads of the mail (GET /api/owner/mail), as the owner. */
async function ownerSees(target = server) {
  const owner = await visitor(target.app);
  expect((await owner.inject({ method: 'POST', url: '/api/auth/Login', payload: OWNER })).statusCode).toBe(200);
  const answer = await owner.inject({ method: 'GET', url: '/api/owner/mail' });
  expect(answer.statusCode).toBe(200);
  return answer.json() as MailAnswer;
}

describe('owner notices by mail', { timeout: 30_000 }, () => {
  it('a submission sends one notice to every NOTIFY_EMAIL address: the fields, the page, Reply-To the visitor; the outbox keeps no copy', async () => {
    sink.messages.length = 0;
    await submit(server, ADA);
    await settled();
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.subject).toBe('New submission: contact · Tessera demo');
    expect(mail!.from?.text).toBe('"Tessera demo" <site@test.local>');
    expect(sink.recipients[sink.recipients.length - 1]).toEqual(NOTIFY);
    expect(mail!.replyTo?.text).toBe('ada@example.com');
    expect(mail!.text).toContain('A visitor sent the form "contact" on the page /contact?from=menu at ');
    expect(mail!.text).toContain('Name: Ada Lovelace\nEmail: Ada@Example.com\nMessage:\n  First line\n  second line\nPhone: 44 20 7946 0000\n');
    expect(mail!.text).toContain('Every submission is in the owner app (http://127.0.0.1:8080/config/?show=submissions), under Form submissions.');
    expect(await countRows(server, 'mail_outbox')).toBe(0);
    expect(said('Mail: sent "New submission: contact · Tessera demo".')).toHaveLength(1);
  });

  it('an order sends the owner a notice (its lines and total, Reply-To the buyer) and the buyer a receipt with its review link', async () => {
    sink.messages.length = 0;
    sink.recipients.length = 0;
    const client = await visitor(server.app);
    await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 2 } });
    expect((await postForm(server.app, client, '/commerce/goto-checkout', { name: 'Grace Hopper', email: 'grace@example.com' })).statusCode).toBe(303);
    await settled();
    const [{ order_number: number }] = (await rows<{ order_number: number }>(server, 'SELECT order_number FROM orders ORDER BY order_number DESC')) as [{ order_number: number }];
    const [{ token }] = (await rows<{ token: string }>(server, 'SELECT token FROM review_requests ORDER BY expires_at DESC')) as [{ token: string }];
    const notice = sink.messages.find((mail) => mail.subject === `New order ${number} · Tessera demo`)!;
    expect(notice.replyTo?.text).toBe('grace@example.com');
    expect(notice.text).toContain(`Grace Hopper (grace@example.com) placed an order, number ${number}, at `);
    expect(notice.text).toContain('2 × Harbour print (SQ1000001): $90.00\nTotal: $90.00\n');
    expect(notice.text).toContain('Every order is in the owner app (http://127.0.0.1:8080/config/?show=orders), under Orders.');
    expect(sink.recipients[sink.messages.indexOf(notice)]).toEqual(NOTIFY);

    const receipt = sink.messages.find((mail) => mail.subject === `Order confirmed: Order number ${number} · Tessera demo`)!;
    expect(sink.recipients[sink.messages.indexOf(receipt)]).toEqual(['grace@example.com']);
    expect(receipt.replyTo?.text).toBe(NOTIFY[0]);
    expect(receipt.text).toMatch(new RegExp(`^Order confirmed\\n\\nThank you, Grace Hopper. We have received your order.\\n\\nOrder number: ${number}\\nDate: .+\\nEmail: grace@example.com\\n\\n2 × Harbour print: \\$90.00\\nTotal: \\$90.00\\n\\nThis store takes no payment online: this records your order.\\n`));
    // The site's own address (site.json website.baseUrl), not the request's Host.
    expect(receipt.text).toContain(`Review Harbour print: http://127.0.0.1:8080/commerce/reviews?token=${token}\n`);
    expect(receipt.text).toContain('Continue Shopping: http://127.0.0.1:8080/');
    expect(sink.messages).toHaveLength(2);
  });

  it('with the site’s pages on another host, links to the server’s own pages start with PUBLIC_URL; Continue Shopping stays on the site', async () => {
    const apart = await startTestServer({ mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY }, publicUrl: 'https://api.example.test' });
    try {
      sink.messages.length = 0;
      const client = await visitor(apart.app);
      await client.inject({ method: 'POST', url: '/api/commerce/cart/entries', payload: { productId: 'print-harbour', quantity: 1 } });
      expect((await postForm(apart.app, client, '/commerce/goto-checkout', { name: 'Grace Hopper', email: 'grace@example.com' })).statusCode).toBe(303);
      await apart.app.mail!.idle();
      const notice = sink.messages.find((mail) => mail.subject?.startsWith('New order '))!;
      expect(notice.text).toContain('(https://api.example.test/config/?show=orders)');
      const receipt = sink.messages.find((mail) => mail.subject?.startsWith('Order confirmed: '))!;
      expect(receipt.text).toMatch(/Review Harbour print: https:\/\/api\.example\.test\/commerce\/reviews\?token=[\w-]+\n/);
      expect(receipt.text).toContain('Continue Shopping: http://127.0.0.1:8080/');
    } finally {
      await apart.close();
    }
  });

  it('a gift card’s notice says whom it is for, and a subscription’s when it renews (the owner sends the card, or bills again); never the cart’s token', async () => {
    sink.messages.length = 0;
    const card = { productId: 'gift', title: 'Gift card', sku: 'GC50', quantity: 1, unitPriceCents: 5000, lineTotalCents: 5000 };
    await placeOrderWithNotice(server.app, { kind: 'giftcard', email: 'gil@example.com', name: 'Gil', currency: 'USD', lines: [card], details: { recipient: 'ada@example.com' } });
    const plan = { productId: 'club', title: 'Print club', sku: 'SUB1', quantity: 1, unitPriceCents: 1200, lineTotalCents: 1200 };
    await placeOrderWithNotice(server.app, { kind: 'subscription', email: 'sam@example.com', name: 'Sam', currency: 'USD', lines: [plan], details: { renews: 'Every month', cartToken: 'secret-cart-token' } });
    await settled();
    const notice = (kind: string) => sink.messages.find((mail) => mail.subject?.startsWith(`New ${kind} `))!.text!;
    expect(notice('gift card')).toContain('1 × Gift card (GC50): $50.00\nTotal: $50.00\nGift card for: ada@example.com\n\nReply to this e-mail to write to the buyer.');
    // The buyer's receipt says where the card goes, not that it is on its way: the owner sends it.
    const receipt = sink.messages.find((mail) => mail.subject?.startsWith('Order received: '))!;
    expect(receipt.text).toContain('Thank you, Gil. The gift card will be sent to ada@example.com.');
    expect(notice('subscription')).toContain('Total: $12.00\nRenews: Every month\n\n');
    expect(sink.messages.map((mail) => mail.text).join('\n')).not.toContain('secret-cart-token');
  });

  it('a mail server that refuses for now: the notices wait, one warning says so, and they go once it takes them', async () => {
    sink.messages.length = 0;
    sink.refuse = 'now';
    await submit(server, ADA);
    await submit(server, { ...ADA, email: 'second@example.com' });
    await settled();
    expect(sink.messages).toHaveLength(0);
    const waiting = await outbox();
    expect(waiting.map(({ status, attempts }) => ({ status, attempts }))).toEqual([{ status: 'queued', attempts: 1 }, { status: 'queued', attempts: 1 }]);
    expect(waiting[0]!.last_error).toContain('421');
    expect(waiting[0]!.due_at).toBeGreaterThan(Date.now() + RETRY_DELAYS_MS[0]! - 10_000);
    const warnings = said('Mail: sending a notice failed');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toBe(MAIL_FAILING(waiting[0]!.last_error!));
    expect(warnings[0]!.level).toBe(40);
    // The owner app says so too: two wait, since the first was made, with the error in the settings' terms.
    const [{ created_at: firstMade }] = (await rows<{ created_at: number }>(server, 'SELECT MIN(created_at) AS created_at FROM mail_outbox')) as [{ created_at: number }];
    expect(await ownerSees()).toEqual({ sending: true, to: NOTIFY, waiting: 2, waitingSince: new Date(Number(firstMade)).toISOString(), failed: 0, problem: waiting[0]!.last_error });
    // Not due yet: nothing is tried.
    await settled();
    expect((await outbox()).map(({ attempts }) => attempts)).toEqual([1, 1]);

    sink.refuse = null;
    clock.offset += RETRY_DELAYS_MS[0]!;
    await settled();
    expect(sink.messages).toHaveLength(2);
    expect(new Set(sink.messages.map((mail) => mail.replyTo?.text))).toEqual(new Set(['ada@example.com', 'second@example.com']));
    expect(said(MAIL_WORKS)).toHaveLength(1);
    expect(said('Mail: sending a notice failed')).toHaveLength(1);
    expect(await countRows(server, 'mail_outbox')).toBe(0);
    expect(await ownerSees()).toEqual({ sending: true, to: NOTIFY, waiting: 0, waitingSince: null, failed: 0, problem: null });
  });

  it('a notice whose sender died while sending is taken over once its claim is old', async () => {
    sink.messages.length = 0;
    const at = Date.now() + clock.offset;
    await queueNotice(server.app.storage.db, { subject: 'Left by a dead instance', body: 'x', replyTo: null }, at);
    await rows(server, "UPDATE mail_outbox SET status = 'sending', worker = 'gone', attempts = 1, claimed_at = ?", at - STALE_SEND_MS + 60_000);
    await settled();
    expect(sink.messages).toHaveLength(0);
    clock.offset += 60_001;
    await settled();
    expect(sink.messages.map((mail) => mail.subject)).toEqual(['Left by a dead instance']);
  });

  it('a refusal for good marks the notice failed, says so, is not tried again, counts in /metrics and goes after 30 days', async () => {
    sink.messages.length = 0;
    sink.refuse = 'forever';
    await submit(server, ADA);
    await settled();
    sink.refuse = null;
    const [failed] = await outbox();
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed!.last_error).toMatch(/^the mail server refused the sender \(MAIL_FROM: one it lets you send as\?\) or a recipient \(.*550/);
    const gaveUp = said('Mail: gave up on "New submission: contact · Tessera demo" after 1 try');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]!.level).toBe(50);
    clock.offset += RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    await settled();
    expect(sink.messages).toHaveLength(0);

    const metrics = await server.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.body).toContain('tessera_mail_outbox_notices{status="failed"} 1');
    expect(metrics.body).toContain('tessera_mail_outbox_notices{status="queued"} 0');
    expect(await ownerSees()).toEqual({ sending: true, to: NOTIFY, waiting: 0, waitingSince: null, failed: 1, problem: failed!.last_error });

    const [{ updated_at: failedAt }] = (await rows<{ updated_at: number }>(server, 'SELECT updated_at FROM mail_outbox')) as [{ updated_at: number }];
    expect(await dropOldFailedNotices(server.app.storage, Number(failedAt) + FAILED_KEPT_MS - 60_000)).toBe(0);
    expect(await dropOldFailedNotices(server.app.storage, Number(failedAt) + FAILED_KEPT_MS + 60_000)).toBe(1);
  });

  it('a burst of notices goes over one connection, closed once the outbox is empty; the next burst opens another', async () => {
    sink.messages.length = 0;
    // The check at start has come and gone.
    await vi.waitFor(() => expect(said('answers; notices go to')).toHaveLength(1));
    await settled();
    await vi.waitFor(() => expect(sink.connections.open).toBe(0));
    const before = sink.connections.made;
    for (const burst of [1, 2]) {
      const subjects = Array.from({ length: 5 }, (_, index) => `Burst ${burst} notice ${index}`);
      for (const subject of subjects) await queueNotice(server.app.storage.db, { subject, body: subject, replyTo: null });
      server.app.mail!.wake();
      await settled();
      expect(sink.messages.map((mail) => mail.subject).slice(-5)).toEqual(subjects);
      expect(sink.connections.made - before).toBe(burst);
      await vi.waitFor(() => expect(sink.connections.open).toBe(0));
    }
  });

  it.runIf(TEST_ENGINE === 'postgres')('two instances on one database send each notice once', async () => {
    sink.messages.length = 0;
    // Both clocks alike: an instance whose clock is ahead by more than STALE_SEND_MS takes the other's claims.
    clock.offset = 0;
    const second = await startTestServer({ databaseUrl: server.config.databaseUrl, mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY } });
    try {
      const subjects = Array.from({ length: 24 }, (_, index) => `Notice ${index}`);
      for (const subject of subjects) await queueNotice(server.app.storage.db, { subject, body: subject, replyTo: null });
      server.app.mail!.wake();
      second.app.mail!.wake();
      await Promise.all([settled(), second.app.mail!.idle()]);
      await Promise.all([settled(), second.app.mail!.idle()]);
      expect(sink.messages.map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    } finally {
      await second.close();
    }
  });
});

describe('a flood', () => {
  it(`past ${NOTICES_PER_HOUR} notices an hour, one notice stands for the rest, sent as the hour is over`, async () => {
    const flooded = await startTestServer({ mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY }, mailClock: () => Date.now() + clock.offset });
    try {
      clock.offset = 0;
      sink.messages.length = 0;
      for (let index = 0; index < NOTICES_PER_HOUR + 15; index += 1) {
        await flooded.app.mail!.queue(flooded.app.storage.db, { subject: `Spam ${index}`, body: 'x', replyTo: null }, { title: 'Tessera demo', ownerApp: '/config/' });
      }
      await flooded.app.mail!.idle();
      expect(sink.messages).toHaveLength(NOTICES_PER_HOUR);
      expect(await countRows(flooded, 'mail_outbox')).toBe(1);
      clock.offset = 3_600_000;
      await flooded.app.mail!.idle();
      expect(sink.messages).toHaveLength(NOTICES_PER_HOUR + 1);
      const overflow = sink.messages[NOTICES_PER_HOUR]!;
      expect(overflow.subject).toBe('More submissions and orders than notices · Tessera demo');
      expect(overflow.text).toContain(`More than ${NOTICES_PER_HOUR} form submissions and orders arrived within an hour, so those after the ${NOTICES_PER_HOUR}th got no notice of their own (a flood of spam, or a busy hour).`);
      expect(overflow.text).toMatch(/Notices of each start again from \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
    } finally {
      clock.offset = 0;
      await flooded.close();
    }
  }, 30_000);

  it(`past ${RECEIPTS_PER_HOUR} receipts an hour, buyers get none: orders in others' names mail no one much`, async () => {
    const flooded = await startTestServer({ mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY } });
    try {
      sink.messages.length = 0;
      sink.recipients.length = 0;
      const line = { productId: 'ebook', title: 'Printmaking e-book', sku: 'SQ1000007', quantity: 1, unitPriceCents: 900, lineTotalCents: 900 };
      for (let index = 0; index <= RECEIPTS_PER_HOUR; index += 1) {
        await placeOrderWithNotice(flooded.app, { kind: 'order', email: `buyer${index}@example.com`, name: 'Buyer', currency: 'USD', lines: [line] });
      }
      await flooded.app.mail!.idle();
      const receipts = sink.recipients.filter((to) => to[0]!.startsWith('buyer'));
      expect(receipts).toHaveLength(RECEIPTS_PER_HOUR);
      expect(await countRows(flooded, 'orders')).toBe(RECEIPTS_PER_HOUR + 1);
    } finally {
      await flooded.close();
    }
  }, 60_000);
});

describe('the mail server asked at start', { timeout: 30_000 }, () => {
  it('one that answers is said so; one that does not is a warning, and the server starts and takes submissions anyway', async () => {
    await vi.waitFor(() => expect(said(`Mail: the mail server at ${sink.url} answers; notices go to owner@test.local, second@test.local.`)).toHaveLength(1));
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = await startLoggedTestServer({ mail: { smtpUrl: `smtp://user:secret-word@127.0.0.1:${port}`, from: FROM, notify: NOTIFY } });
    try {
      await vi.waitFor(() => expect(away.lines.filter((line) => line.msg.includes('does not take notices now'))).toHaveLength(1));
      const [warning] = away.lines.filter((line) => line.msg.includes('does not take notices now'));
      expect(warning!.msg).toMatch(
        new RegExp(
          `^Mail: the mail server at smtp://user:\\*\\*\\*@127\\.0\\.0\\.1:${port} does not take notices now: no mail server answered at 127\\.0\\.0\\.1:${port}: check SMTP_URL's host and port \\(587 for smtp://, 465 for smtps://\\) and that this machine may connect out to it \\(.*ECONNREFUSED.*\\)\\. They wait in the outbox and are tried again; \`npm run send-test-mail\` tries a mail at once\\.$`,
        ),
      );
      expect(warning!.level).toBe(40);
      expect(JSON.stringify(away.lines)).not.toContain('secret-word');
      await submit(away.server, ADA);
      expect(await countRows(away.server, 'mail_outbox')).toBe(1);
      expect(away.lines.filter((line) => line.msg.includes('no website.baseUrl'))).toHaveLength(0);
    } finally {
      await away.server.close();
    }
    // A site folder made by new-site has no baseUrl until its owner gives one; PUBLIC_URL stands in for the server's links.
    const bareSite = { siteDir: path.join(server.config.rootDir, 'templates', 'site'), mail: { smtpUrl: sink.url, from: FROM, notify: NOTIFY } };
    for (const [publicUrl, warnings] of [[null, 1], ['https://api.example.test', 0]] as const) {
      const bare = await startLoggedTestServer({ ...bareSite, publicUrl });
      try {
        await vi.waitFor(() => expect(bare.lines.filter((line) => line.msg.startsWith('Mail: the mail server at'))).toHaveLength(1));
        expect(bare.lines.filter((line) => line.msg.startsWith('Mail: site.json has no website.baseUrl'))).toHaveLength(warnings);
      } finally {
        await bare.server.close();
      }
    }
  });
});

describe('stopping', () => {
  it('a mail server that hangs in the middle of a notice: no trouble told while it is in its first try, and the stop is held at most STOP_WAIT_MS', async () => {
    const hanging = await startSmtpSink();
    hanging.refuse = 'hang';
    const stopping = await startTestServer({ mail: { smtpUrl: hanging.url, from: FROM, notify: NOTIFY } });
    try {
      await submit(stopping, ADA);
      await vi.waitFor(() => expect(hanging.held).toBe(1), { timeout: 5_000 });
      // A notice in its first try has not failed: the owner is told of no trouble.
      expect(await ownerSees(stopping)).toMatchObject({ sending: true, waiting: 0, waitingSince: null, failed: 0, problem: null });
    } finally {
      const started = Date.now();
      await stopping.close();
      // The transport's own timeout would hold it 30 s.
      expect(Date.now() - started).toBeLessThan(STOP_WAIT_MS + 5_000);
      await hanging.close();
    }
  }, 20_000);
});

describe('without SMTP_URL', { timeout: 30_000 }, () => {
  it('a submission queues nothing and the banner says mail is off', async () => {
    const plain = await startTestServer();
    try {
      expect(plain.app.mail).toBeNull();
      await submit(plain, ADA);
      expect(await countRows(plain, 'mail_outbox')).toBe(0);
      expect(effectiveSettings(plain.config).MAIL).toBe('off (SMTP_URL not set): submissions and orders are in /config/ only');
      expect(await ownerSees(plain)).toEqual({ sending: false, to: [], waiting: 0, waitingSince: null, failed: 0, problem: null });
    } finally {
      await plain.close();
    }
  });
});

describe('notice text', () => {
  it("a visitor's line breaks cannot make a line of their own: values on one line stay on it, longer ones are indented under their field", () => {
    const definition = {
      formId: 'survey',
      fields: [
        { id: 'name', type: 'name' as const, title: 'Name' },
        { id: 'note', type: 'text' as const, title: 'Note' },
        { id: 'likert', type: 'likert' as const, title: 'Opinions' },
      ],
    };
    const values = { name: ['Ada\nTotal: $0', 'L\u2028Paid: yes'], note: 'one\rSubmitted by: the owner', likert: { 'Quality\n': 'Good\u0085Price: free' } };
    const notice = submissionNotice(definition, values, 'http://127.0.0.1/x', 0, { title: null, ownerApp: '/config/' }, null);
    expect(notice.body).toContain('Name: Ada Total: $0 L Paid: yes\nNote:\n  one\n  Submitted by: the owner\nOpinions:\n  Quality: Good Price: free\n');
    expect(notice.subject).toBe('New submission: survey');
  });
});

describe('mail settings', () => {
  const env = { SMTP_URL: 'smtp://user:s3cret@mail.example.com:587', MAIL_FROM: FROM, NOTIFY_EMAIL: 'a@example.com, b@example.com' };
  it('reads PUBLIC_URL as an http(s) origin; anything else stops the start with its name', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com/' }).publicUrl).toBe('https://api.example.com');
    expect(loadConfig({}).publicUrl).toBeNull();
    expect(effectiveSettings(loadConfig({ PUBLIC_URL: 'https://api.example.com' })).PUBLIC_URL).toBe('https://api.example.com');
    for (const value of ['api.example.com', 'https://api.example.com/tessera', 'ftp://api.example.com']) {
      expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(
        `PUBLIC_URL must be this server's address as browsers reach it, an http(s) origin such as https://api.example.com (scheme, host and port, no path), not "${value}"`,
      );
    }
  });

  it('reads SMTP_URL, MAIL_FROM and NOTIFY_EMAIL; NOTIFY_EMAIL defaults to OWNER_EMAIL; the banner hides the password', () => {
    expect(parseMailSettings(env)).toEqual({ smtpUrl: env.SMTP_URL, from: FROM, notify: ['a@example.com', 'b@example.com'] });
    expect(parseMailSettings({ ...env, NOTIFY_EMAIL: '', OWNER_EMAIL: OWNER.email })).toMatchObject({ notify: [OWNER.email] });
    expect(parseMailSettings({ OWNER_EMAIL: OWNER.email })).toBeNull();
    const banner = effectiveSettings(loadConfig(env)).MAIL;
    expect(banner).toBe('notices of submissions and orders to a@example.com, b@example.com, receipts to buyers and new-password links to members, from Tessera demo <site@test.local>, through smtp://user:***@mail.example.com:587');
  });

  it('names every problem, and never prints the password', () => {
    const problems = (given: Record<string, string>) => {
      try {
        loadConfig(given);
        return [];
      } catch (error) {
        return (error as { problems: string[] }).problems;
      }
    };
    expect(problems({ MAIL_FROM: FROM })).toEqual(['SMTP_URL must be set for MAIL_FROM to be of use: the mail server that sends the notices, such as smtp://user:password@mail.example.com:587']);
    expect(problems({ SMTP_URL: 'smtp://u:pa#ss@mail.example.com' })).toEqual([
      'SMTP_URL must be a URL such as smtp://user:password@mail.example.com:587, and does not read as one: write a #, /, ? or % in the user name or password as %23, %2F, %3F or %25',
      'MAIL_FROM must be set with SMTP_URL: the address the notices come from, such as "Example site <site@example.com>" (one your mail server may send as)',
      'NOTIFY_EMAIL must be set with SMTP_URL (or OWNER_EMAIL, which it defaults to): who gets the notices, comma-separated',
    ]);
    expect(problems({ ...env, SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'Site <nope>', NOTIFY_EMAIL: 'a@example.com, nobody' })).toEqual([
      'SMTP_URL must start with smtp:// (port 587, STARTTLS) or smtps:// (port 465, TLS), not http://',
      'MAIL_FROM must be an e-mail address, or a name and an address in <>, not "Site <nope>"',
      'NOTIFY_EMAIL must list e-mail addresses, comma-separated, not "nobody"',
    ]);
    expect(problems({ ...env, SMTP_URL: 'smtp://', MAIL_FROM: FROM })).toEqual(['SMTP_URL must name the mail server after the //, such as smtp://user:password@mail.example.com:587']);
    expect(JSON.stringify(problems({ SMTP_URL: 'smtp://u:pa#ss@mail.example.com' }))).not.toContain('pa#ss');
  });
});
