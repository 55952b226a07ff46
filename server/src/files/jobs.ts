/**
 * Image processing jobs (spec part 2 §3, §4, §8): one per uploaded image, making each
 * responsive width no larger than the original. Jobs are rows (image_jobs), so every instance
 * answers for every job and exactly one does the work: each instance runs a worker that claims
 * the oldest queued job (PostgreSQL: FOR UPDATE SKIP LOCKED, so workers never wait on each
 * other; SQLite: under the write lock). A job runs, completes, fails or is cancelled; a job
 * whose worker died (claimed longer ago than STALE_CLAIM_MS) is claimed again, three tries at most.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../../contract/model/files';
import { lockedTransaction } from '../storage/locked';
import { workerPause } from '../workers/pause';
import type { Storage } from '../storage/open';
import type { Selectable } from 'kysely';
import type { Tables } from '../storage/tables';
import { dropIfUnused, dropWidths, readContent, saveContent, widthKey, withContentLocks } from './contents';

export type JobStatus = 'running' | 'complete' | 'failed' | 'cancelled';

/** A job as the owner app sees it: a queued job reads as running. */
export interface JobView {
  id: string;
  file: string;
  status: JobStatus;
  widths: number[];
}

export const STALE_CLAIM_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
/** How often an idle worker looks for jobs: the instance that takes an upload wakes its own worker at once; this is for the others (and jobs whose worker died). */
const IDLE_POLL_MS = 2_000;
/** How often a worker tries again while the database does not answer. */
export const FAILING_POLL_MS = 5_000;

type JobRow = Selectable<Tables['image_jobs']>;

const view = (row: { id: string; file: string; status: JobRow['status']; widths_json: string }): JobView => ({
  id: row.id,
  file: row.file,
  status: row.status === 'queued' ? 'running' : row.status,
  widths: JSON.parse(row.widths_json) as number[],
});

export interface JobQueue {
  enqueue(file: string): Promise<JobView>;
  find(id: string): Promise<JobView | null>;
  /** Cancels a queued or running job; answers it as it now is. */
  cancel(id: string): Promise<JobView | null>;
  /** Resolves once this instance's worker is idle (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobOptions {
  /** A job completed: the widths it made from the content under `key`. */
  onDone(name: string, key: string, widths: number[]): Promise<void>;
  onError(error: unknown, message: string): void;
  /** Claiming works again after it failed (the database is back). */
  onRecovered?(message: string): void;
  /** How often the worker tries again while the database does not answer (FAILING_POLL_MS; tests make it short). */
  failingPollMs?: number;
  now?: () => number;
}

export function startJobQueue(store: Storage, options: JobOptions): JobQueue {
  const worker = randomUUID();
  const now = options.now ?? Date.now;
  const failingPollMs = options.failingPollMs ?? FAILING_POLL_MS;
  let stopped = false;
  const pause = workerPause();
  let busy: Promise<void> = Promise.resolve();

  const read = (id: string) => store.db.selectFrom('image_jobs').selectAll().where('id', '=', id).executeTakeFirst() as Promise<JobRow | undefined>;

  /** The oldest queued job (or one whose worker died), now this worker's. */
  async function claim(): Promise<JobRow | null> {
    const at = now();
    const stale = at - STALE_CLAIM_MS;
    if (store.engine === 'postgres') {
      const claimed = await sql<JobRow>`
        UPDATE image_jobs SET status = 'running', worker = ${worker}, claimed_at = ${at}, attempts = attempts + 1, updated_at = ${at}
        WHERE id = (
          SELECT id FROM image_jobs
          WHERE status = 'queued' OR (status = 'running' AND claimed_at < ${stale})
          ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED
        )
        RETURNING *`.execute(store.db);
      return claimed.rows[0] ?? null;
    }
    return lockedTransaction(store, ['image-jobs'], async (trx) => {
      const next = (await trx
        .selectFrom('image_jobs')
        .selectAll()
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_at', '<', stale)])]))
        .orderBy('created_at')
        .limit(1)
        .executeTakeFirst()) as JobRow | undefined;
      if (!next) return null;
      await trx.updateTable('image_jobs').set({ status: 'running', worker, claimed_at: at, attempts: next.attempts + 1, updated_at: at }).where('id', '=', next.id).execute();
      return { ...next, status: 'running', worker, claimed_at: at, attempts: next.attempts + 1 };
    });
  }

  /** Another instance, or the owner, may have cancelled it: the row says. */
  const cancelled = async (id: string) => (await read(id))?.status === 'cancelled';
  const finish = (id: string, status: JobRow['status'], widths: number[]) =>
    store.db.updateTable('image_jobs').set({ status, widths_json: JSON.stringify(widths), updated_at: now() }).where('id', '=', id).where('status', '=', 'running').where('worker', '=', worker).execute();

  /** The file's content as it is now: its key and bytes. */
  async function originalOf(name: string): Promise<{ key: string; bytes: Buffer } | null> {
    const row = await store.db.selectFrom('files').select('content_key').where('name', '=', name).executeTakeFirst();
    const bytes = row?.content_key ? await readContent(store, row.content_key) : null;
    return bytes && { key: row!.content_key!, bytes };
  }

  async function work(job: JobRow): Promise<void> {
    if (job.attempts > MAX_ATTEMPTS) return void (await finish(job.id, 'failed', []));
    const original = await originalOf(job.file).catch(() => null);
    if (!original) return void (await finish(job.id, 'failed', []));
    const widths: number[] = [];
    try {
      const { width = 0 } = await sharp(original.bytes).metadata();
      for (const target of IMAGE_WIDTHS) {
        if (await cancelled(job.id)) break;
        if (target > width) continue;
        await saveContent(store.db, widthKey(original.key, target), await sharp(original.bytes).resize({ width: target }).toBuffer());
        widths.push(target);
        await store.db.updateTable('image_jobs').set({ widths_json: JSON.stringify(widths), updated_at: now() }).where('id', '=', job.id).where('status', '=', 'running').execute();
      }
      // A cancelled job leaves nothing behind: the widths it made so far are removed.
      if (await cancelled(job.id)) {
        await dropWidths(store.db, original.key);
        await store.db.updateTable('image_jobs').set({ widths_json: '[]' }).where('id', '=', job.id).execute();
        return;
      }
      await finish(job.id, 'complete', widths);
      await options.onDone(job.file, original.key, widths);
      // The file was replaced or deleted while its widths were made: they are no one's.
      await withContentLocks(store, [original.key], (db) => dropIfUnused(db, original.key));
    } catch (error) {
      // Nor does a failed one.
      await dropWidths(store.db, original.key).catch(() => undefined);
      await finish(job.id, 'failed', []).catch((finishError: unknown) => options.onError(finishError, 'marking an image job failed'));
      if (!(error instanceof Error && /unsupported image format|Input buffer contains unsupported/i.test(error.message))) options.onError(error, `image job for ${job.file}`);
    }
  }

  async function loop(): Promise<void> {
    // While the database is away, one line when claiming fails and one when it works again, not one per try.
    let failing = false;
    while (!stopped) {
      let job: JobRow | null = null;
      try {
        job = await claim();
        if (failing) options.onRecovered?.('Image jobs: the database answers again; the worker goes on.');
        failing = false;
      } catch (error) {
        if (!failing) options.onError(error, `Image jobs: claiming a job failed; the worker tries again every ${failingPollMs / 1000} s and says nothing more until it works.`);
        failing = true;
      }
      if (job) {
        busy = work(job);
        await busy;
        continue;
      }
      await pause.wait(failing ? failingPollMs : IDLE_POLL_MS);
    }
  }
  const running = loop();

  return {
    async enqueue(file) {
      const at = now();
      const row = { id: randomUUID(), file, status: 'queued' as const, widths_json: '[]', worker: null, claimed_at: null, created_at: at, updated_at: at };
      await store.db.insertInto('image_jobs').values(row).execute();
      pause.wake();
      return view(row);
    },
    async find(id) {
      const row = await read(id);
      return row ? view(row) : null;
    },
    async cancel(id) {
      await store.db
        .updateTable('image_jobs')
        .set({ status: 'cancelled', updated_at: now() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'running'])
        .execute();
      const row = await read(id);
      return row ? view(row) : null;
    },
    async idle() {
      await busy;
    },
    async stop() {
      stopped = true;
      pause.wake();
      await running;
    },
  };
}
