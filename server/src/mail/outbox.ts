/**
 * The mail outbox: notices are rows (mail_outbox), queued in the transaction that stores what
 * they tell of, and each instance's sender claims the oldest one due and sends it through the
 * SMTP server. Exactly one instance sends each (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite:
 * under the write lock); a sent notice is deleted, so the database keeps no second copy of a
 * visitor's words. A notice the mail server cannot take now (it is away, refuses the password,
 * times out) waits and is tried again, RETRY_DELAYS_MS apart; one it refuses for good (an
 * address or the message rejected) is marked failed. An instance that dies while sending
 * leaves its claim, which another takes over after STALE_SEND_MS: a notice may then go twice,
 * never not at all.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { lockedTransaction, type Executor } from '../storage/locked';
import { workerPause } from '../workers/pause';
import { takeFromWindowsIn } from '../security/limits';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';
import type { Notice } from './notices';

type MailRow = Selectable<Tables['mail_outbox']>;

/** After the first try fails, the pauses before the next ones: about eight hours in all. */
export const RETRY_DELAYS_MS = [1, 2, 5, 10, 30, 60, 120, 240].map((minutes) => minutes * 60_000);
/** A claim older than this is an instance that died while sending (the transport's timeouts are far shorter). */
export const STALE_SEND_MS = 10 * 60_000;
/** How often an idle sender looks for notices: the instance that queues one wakes its own at once. */
const IDLE_POLL_MS = 10_000;
/** How long a stop waits for a notice being sent: a mail server that hangs must not hold a restart for its whole timeout. */
export const STOP_WAIT_MS = 5_000;
/** How often a sender tries again while the database does not answer. */
const FAILING_POLL_MS = 5_000;

export const MAIL_FAILING = (reason: string) =>
  `Mail: sending a notice failed (${reason}); each is tried again later, ${RETRY_DELAYS_MS.length} more times over about eight hours, and nothing more is said until one goes.`;
export const MAIL_WORKS = 'Mail: sending works again.';

export async function queueNotice(trx: Executor, notice: Notice, now = Date.now()): Promise<void> {
  await trx
    .insertInto('mail_outbox')
    .values({ id: randomUUID(), to_address: notice.to ?? null, subject: notice.subject, body: notice.body, reply_to: notice.replyTo, status: 'queued', due_at: now, worker: null, claimed_at: null, last_error: null, created_at: now, updated_at: now })
    .execute();
}

/** Notices queued in an hour at most: a flood of spam (or a busy hour) past that gets one notice saying so, not one each. */
export const NOTICES_PER_HOUR = 30;
export const HOUR_MS = 3_600_000;
/** The one notice that stands for those past the hour's limit; a second flood in the same hour adds nothing to it. */
export const OVERFLOW_NOTICE_ID = 'notices-past-the-hourly-limit';

/**
 * Queues `notice`, or past NOTICES_PER_HOUR the overflow notice, due as the hour is over. The
 * count is a limit counter (limit_counters), so every instance counts alike.
 */
export async function queueWithinHourlyLimit(trx: Executor, notice: Notice, overflow: (resumesAt: number) => Notice, now = Date.now()): Promise<void> {
  const over = await takeFromWindowsIn(trx, [{ key: 'mail:notices', limit: NOTICES_PER_HOUR }], HOUR_MS, now);
  if (!over) return queueNotice(trx, notice, now);
  const resumesAt = now + over.retryAfterMs;
  const folded = overflow(resumesAt);
  await trx
    .insertInto('mail_outbox')
    .values({ id: OVERFLOW_NOTICE_ID, to_address: null, subject: folded.subject, body: folded.body, reply_to: null, status: 'queued', due_at: resumesAt, worker: null, claimed_at: null, last_error: null, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** How long a notice the mail server refused for good is kept (its error read in the database, or /metrics counting it). */
export const FAILED_KEPT_MS = 30 * 86_400_000;

export async function dropOldFailedNotices(store: Storage, now = Date.now()): Promise<number> {
  const result = await store.db.deleteFrom('mail_outbox').where('status', '=', 'failed').where('updated_at', '<', now - FAILED_KEPT_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Notices in the outbox by status: queued (due or waiting for another try), sending, failed. */
export async function outboxCounts(store: Storage): Promise<Record<Tables['mail_outbox']['status'], number>> {
  const rows = await store.db.selectFrom('mail_outbox').select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const counts = { queued: 0, sending: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** What the owner is told of mail that does not go out: those waiting after a failure (since when), those refused for good, and the latest error. */
export async function outboxTrouble(store: Storage): Promise<{ waiting: number; waitingSince: number | null; failed: number; problem: string | null }> {
  // Tried, refused and not sent: waiting for another try (or in one), or failed for good. A
  // notice in its first try has no error yet: it is not in trouble.
  const troubled = store.db.selectFrom('mail_outbox').where('attempts', '>', 0).where('last_error', 'is not', null);
  const counts = await troubled
    .select(['status', (eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('since')])
    .groupBy('status')
    .execute();
  const waiting = counts.filter((row) => row.status !== 'failed');
  const latest = (status: 'waiting' | 'failed') =>
    troubled
      .select('last_error')
      .where('status', status === 'failed' ? '=' : '!=', 'failed')
      .orderBy('updated_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  const waitingCount = waiting.reduce((sum, row) => sum + Number(row.n), 0);
  const failedCount = Number(counts.find((row) => row.status === 'failed')?.n ?? 0);
  const since = waiting.map((row) => Number(row.since)).filter(Number.isFinite);
  const problem = waitingCount ? await latest('waiting') : failedCount ? await latest('failed') : undefined;
  return { waiting: waitingCount, waitingSince: since.length ? Math.min(...since) : null, failed: failedCount, problem: problem?.last_error ?? null };
}

/** What sends a notice; its error says whether trying again can help. */
export type SendNotice = (notice: Notice) => Promise<void>;

export interface SenderOptions {
  send: SendNotice;
  /** Nothing more is due for now (the sender ends its connection to the mail server). */
  drained?(): void;
  /** An error the mail server will give again for this notice (a rejected address or message). */
  isPermanent(error: unknown): boolean;
  /** What a failure means, for the log and the failed notice (its message without it). */
  describe?(error: unknown): string;
  log: { info(message: string): void; warn(error: unknown, message: string): void; error(error: unknown, message: string): void };
  now?: () => number;
}

export interface MailSender {
  /** A notice was queued on this instance: look now. */
  wake(): void;
  /** Resolves once this sender has nothing due (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startMailSender(store: Storage, options: SenderOptions): MailSender {
  const reasonOf = (error: unknown) => (options.describe?.(error) ?? (error instanceof Error ? error.message : String(error))).replace(/\s+/g, ' ').slice(0, 400);
  const worker = randomUUID();
  const now = options.now ?? Date.now;
  let stopped = false;
  const pause = workerPause();
  const idleWaiters: Array<() => void> = [];

  async function claim(): Promise<MailRow | null> {
    const at = now();
    const stale = at - STALE_SEND_MS;
    const due = sql<boolean>`(status = 'queued' AND due_at <= ${at}) OR (status = 'sending' AND claimed_at < ${stale})`;
    if (store.engine === 'postgres') {
      const claimed = await sql<MailRow>`
        UPDATE mail_outbox SET status = 'sending', worker = ${worker}, claimed_at = ${at}, attempts = attempts + 1, updated_at = ${at}
        WHERE id = (SELECT id FROM mail_outbox WHERE ${due} ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`.execute(store.db);
      return claimed.rows[0] ?? null;
    }
    return lockedTransaction(store, ['mail-outbox'], async (trx) => {
      const next = (await trx.selectFrom('mail_outbox').selectAll().where(due).orderBy('due_at').limit(1).executeTakeFirst()) as MailRow | undefined;
      if (!next) return null;
      await trx.updateTable('mail_outbox').set({ status: 'sending', worker, claimed_at: at, attempts: next.attempts + 1, updated_at: at }).where('id', '=', next.id).execute();
      return { ...next, status: 'sending', worker, claimed_at: at, attempts: next.attempts + 1 };
    });
  }

  const mine = (trx: Executor, id: string) => trx.updateTable('mail_outbox').where('id', '=', id).where('worker', '=', worker).where('status', '=', 'sending');

  /** Sends one notice: sent (and deleted), waiting for another try, or failed for good. */
  async function deliver(row: MailRow): Promise<{ outcome: 'sent' } | { outcome: 'waits' | 'failed'; error: unknown; reason: string }> {
    try {
      await options.send({ to: row.to_address, subject: row.subject, body: row.body, replyTo: row.reply_to });
    } catch (error) {
      const at = now();
      const reason = reasonOf(error);
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      if (options.isPermanent(error) || delay === undefined) {
        await mine(store.db, row.id).set({ status: 'failed', last_error: reason, updated_at: at }).execute();
        options.log.error(error, `Mail: gave up on "${row.subject}" after ${row.attempts} ${row.attempts === 1 ? 'try' : 'tries'} (${reason}). What it tells of is kept in the owner app (/config/).`);
        return { outcome: 'failed', error, reason };
      }
      await mine(store.db, row.id).set({ status: 'queued', due_at: at + delay, worker: null, claimed_at: null, last_error: reason, updated_at: at }).execute();
      return { outcome: 'waits', error, reason };
    }
    await store.db.deleteFrom('mail_outbox').where('id', '=', row.id).where('worker', '=', worker).execute();
    options.log.info(`Mail: sent "${row.subject}".`);
    return { outcome: 'sent' };
  }

  async function loop(): Promise<void> {
    // While the database or the mail server is away: one line when it starts failing, one when it works again.
    let databaseFailing = false;
    let sendingFailing = false;
    while (!stopped) {
      // Only those who asked before this look began learn from it that nothing is due.
      const asked = idleWaiters.length;
      let row: MailRow | null = null;
      try {
        row = await claim();
        if (databaseFailing) options.log.info('Mail: the database answers again; the sender goes on.');
        databaseFailing = false;
      } catch (error) {
        if (!databaseFailing) options.log.error(error, `Mail: looking for notices to send failed; the sender tries again every ${FAILING_POLL_MS / 1000} s and says nothing more until it works.`);
        databaseFailing = true;
      }
      if (row) {
        try {
          const result = await deliver(row);
          if (result.outcome === 'sent' && sendingFailing) options.log.info(MAIL_WORKS);
          if (result.outcome === 'waits' && !sendingFailing) options.log.warn(result.error, MAIL_FAILING(result.reason));
          if (result.outcome !== 'failed') sendingFailing = result.outcome === 'waits';
        } catch (error) {
          options.log.error(error, 'Mail: recording a notice as sent or waiting failed; another try comes once its claim is old.');
        }
        continue;
      }
      options.drained?.();
      for (const resolve of idleWaiters.splice(0, asked)) resolve();
      await pause.wait(databaseFailing ? FAILING_POLL_MS : IDLE_POLL_MS);
    }
  }
  const running = loop();

  return {
    wake: pause.wake,
    idle: () => new Promise<void>((resolve) => {
      idleWaiters.push(resolve);
      pause.wake();
    }),
    async stop() {
      stopped = true;
      pause.wake();
      // A notice still being sent after that keeps its claim and is sent again once the claim is old.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
      clearTimeout(timer);
      for (const resolve of idleWaiters) resolve();
    },
  };
}
