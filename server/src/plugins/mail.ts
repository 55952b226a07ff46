/**
 * Mail (SMTP_URL, MAIL_FROM, NOTIFY_EMAIL): the owner's notices of submissions and orders and
 * the buyer's receipts, sent by nodemailer through the site's own mail server from the outbox
 * (mail/outbox.ts). Without SMTP_URL there is no sender and nothing is queued.
 */
import type { FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import { HOUR_MS, NOTICES_PER_HOUR, queueNotice, queueWithinHourlyLimit, startMailSender } from '../mail/outbox';
import { buyerReceipt, noticeSiteOf } from '../mail/receipt';
import { serverBaseUrl } from '../site-address';
import { storeText } from '../commerce/pages';
import { takeFromWindowsIn } from '../security/limits';
import { shownSmtpUrl, type MailSettings } from '../mail/settings';
import { mailProblem, mailTransport } from '../mail/transport';
import { orderNotice, overflowNotice, type Notice, type NoticeSite } from '../mail/notices';
import { placeOrder, type OrderInput } from '../commerce/store';
import type { Executor } from '../storage/locked';
import { readSiteSettings, shellPageOf } from '../site-page';

export interface OwnerMail {
  /** Queues a notice in the transaction that stores what it tells of (past NOTICES_PER_HOUR, one saying so); `wake` once that has committed. */
  queue(trx: Executor, notice: Notice, site: NoticeSite): Promise<void>;
  /** This instance's sender looks for notices now (another instance's finds them within seconds). */
  wake(): void;
  /** The site as notices name it (site.json, read as the notice is made). */
  site(): Promise<NoticeSite>;
  /** Resolves once this instance's sender has nothing due (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** A rejection that trying again will not change: the mail server refused an address or the message itself. */
export function isPermanentRefusal(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  return (code === 'EENVELOPE' || code === 'EMESSAGE') && typeof responseCode === 'number' && responseCode >= 500;
}

export function startOwnerMail(app: FastifyInstance, settings: MailSettings): OwnerMail {
  // Checks the mail server at start.
  const transport = mailTransport(settings);
  // One connection carries each burst of notices and is closed once nothing more is due: a flood
  // of receipts greets the mail server once, not once a notice (many slow their greeting or count
  // connections), and no connection idles between bursts.
  let burst: Transporter | null = null;
  const endBurst = () => {
    burst?.close();
    burst = null;
  };
  const sender = startMailSender(app.storage, {
    send: async (notice) => {
      burst ??= mailTransport(settings, { pooled: true });
      // Addresses as objects: taken as they are, never parsed as a list.
      await burst.sendMail({
        to: notice.to ? { name: '', address: notice.to } : settings.notify,
        subject: notice.subject,
        text: notice.body,
        // A buyer's reply to a receipt reaches the owner.
        replyTo: notice.replyTo ? { name: '', address: notice.replyTo } : notice.to ? settings.notify[0] : undefined,
      });
    },
    drained: endBurst,
    isPermanent: isPermanentRefusal,
    describe: (error) => mailProblem(error, settings),
    log: {
      info: (message) => app.log.info(message),
      warn: (error, message) => app.log.warn({ err: error }, message),
      error: (error, message) => app.log.error({ err: error }, message),
    },
    now: app.settings.mailClock,
  });
  // The mail server is asked once at start, so that a wrong password or host is in the log before the first notice.
  app.addHook('onReady', async () => {
    void transport.verify().then(
      () => app.log.info(`Mail: the mail server at ${shownSmtpUrl(settings.smtpUrl)} answers; notices go to ${settings.notify.join(', ')}.`),
      (error: unknown) =>
        app.log.warn({ err: error }, `Mail: the mail server at ${shownSmtpUrl(settings.smtpUrl)} does not take notices now: ${mailProblem(error, settings)}. They wait in the outbox and are tried again; \`npm run send-test-mail\` tries a mail at once.`),
    );
    if (!serverBaseUrl(await readSiteSettings(app), app.settings.publicUrl)) {
      app.log.warn(
        `Mail: site.json has no website.baseUrl (the site's public address, such as https://www.example.com), so buyers' receipts go without their review links, notices name the owner app by its path only, and no one gets a link to choose a new password. With the site's pages on another host, PUBLIC_URL is this server's own address.`,
      );
    }
  });
  return {
    queue: (trx, notice, site) => queueWithinHourlyLimit(trx, notice, (resumesAt) => overflowNotice(NOTICES_PER_HOUR, resumesAt, site)),
    wake: sender.wake,
    site: async () => noticeSiteOf(await readSiteSettings(app), app.settings.publicUrl),
    idle: sender.idle,
    async stop() {
      await sender.stop();
      endBurst();
      transport.close();
    },
  };
}

/** Receipts queued in an hour at most; past that a buyer gets none (the confirmation page has it all), so a flood of orders in others' names mails no one much. */
export const RECEIPTS_PER_HOUR = 60;

/** Places an order and, with mail, queues the owner's notice and the buyer's receipt in the same transaction. */
export async function placeOrderWithNotice(app: FastifyInstance, input: OrderInput): Promise<string> {
  const mail = app.mail;
  const page = mail && (await shellPageOf(app));
  const id = await placeOrder(
    app.storage,
    input,
    Date.now(),
    page
      ? async (trx, order, at) => {
          const site = noticeSiteOf(page.site, app.settings.publicUrl);
          await mail.queue(trx, orderNotice(order, at, site), site);
          if (!(await takeFromWindowsIn(trx, [{ key: 'mail:receipts', limit: RECEIPTS_PER_HOUR }], HOUR_MS, at))) await queueNotice(trx, buyerReceipt(storeText(page), page.site, order, at, app.settings.publicUrl), at);
        }
      : undefined,
  );
  mail?.wake();
  return id;
}
