/**
 * Visitor data (census hits, analytics events, error reports, …) is written in batches: rows
 * wait in memory and go to the database together, one transaction per flush of at most
 * `maxRows` rows, instead of one transaction per request. Only one flush runs at a time and the
 * next starts as soon as it ends (group commit), so an idle server writes at once and a busy one
 * writes ever larger batches. Unlike Plausible's timed flushes, a request is answered once the
 * flush holding its rows has committed: an acknowledged record is stored, whatever happens to
 * the process afterwards. A flush the database refuses for one request's rows (not for being
 * away) is written again a request at a time, so that only that request fails. `drain()` (on
 * shutdown) flushes what waits and stops taking rows.
 */
import type { Executor } from '../storage/locked';
import type { Storage } from '../storage/open';
import type { Tables } from '../storage/tables';
import type { Insertable } from 'kysely';
import { inStatements } from '../storage/batches';
import { utcDay, type DayOf } from './rollups';
import { isDamagedDatabase, isDatabaseUnavailable } from '../storage/unavailable';

/**
 * The tables written through the buffer, in the order a flush writes them: every flush takes
 * its locks in the same order, so two instances' flushes never wait on each other in a circle.
 */
export const BUFFERED_TABLES = [
  'census_hits',
  'track_hits',
  'analytics_events',
  'js_errors',
  'trace_events',
  'census_buttons',
  'census_overlays',
  'census_form_renders',
  'legacy_events',
  'performance_records',
] as const;
export type BufferedTable = (typeof BUFFERED_TABLES)[number];
type Rows<T extends BufferedTable> = Array<Insertable<Tables[T]>>;

export interface WriteBufferOptions {
  maxRows?: number;
  /** The day a row counts on in the rollups (the site's), found once per flush before its transaction opens; UTC's without it. */
  dayOf?: () => Promise<DayOf>;
  /** How a table's rows are written when a plain INSERT is not enough (a performance record replaces its page load's earlier one). */
  writers?: { [T in BufferedTable]?: (trx: Executor, rows: Rows<T>, dayOf: DayOf) => Promise<void> };
  /** Work done in the same transaction as a flush (the daily rollups of the rows it writes). */
  afterInsert?: (trx: Executor, table: BufferedTable, rows: Rows<BufferedTable>, dayOf: DayOf) => Promise<void>;
}

interface Waiting {
  table: BufferedTable;
  rows: Rows<BufferedTable>;
  done: { resolve(): void; reject(error: unknown): void };
}

export class BufferClosedError extends Error {
  constructor() {
    super('The server is stopping: nothing more is taken.');
    this.name = 'BufferClosedError';
  }
}

export interface WriteBuffer {
  /** Resolves once the rows are committed; rejects if their flush failed. */
  write<T extends BufferedTable>(table: T, rows: Array<Insertable<Tables[T]>>): Promise<void>;
  /** Flushes everything that waits, then refuses new rows. */
  drain(): Promise<void>;
  /** Rows taken and not yet committed (a backlog that grows: the database cannot keep up). */
  waitingRows(): number;
}

export function createWriteBuffer(store: Storage, options: WriteBufferOptions = {}): WriteBuffer {
  const maxRows = options.maxRows ?? 500;
  let waiting: Waiting[] = [];
  let waitingRows = 0;
  let pending: NodeJS.Immediate | null = null;
  let flushing: Promise<void> | null = null;
  let closed = false;

  async function flushNow(): Promise<void> {
    // The entries that arrived first, up to maxRows rows (an entry's rows stay together).
    let taken = 0;
    let rowsTaken = 0;
    while (taken < waiting.length && (taken === 0 || rowsTaken + waiting[taken]!.rows.length <= maxRows)) rowsTaken += waiting[taken++]!.rows.length;
    const batch = waiting.slice(0, taken);
    waiting = waiting.slice(taken);
    waitingRows -= rowsTaken;
    if (batch.length === 0) return;
    try {
      await commit(batch);
      for (const entry of batch) entry.done.resolve();
    } catch (error) {
      // One request's rows that the database refuses must not take the others' with them: each
      // goes again alone. Not while the database is away, where each would only fail again.
      if (batch.length === 1 || isDatabaseUnavailable(error) || isDamagedDatabase(error)) {
        for (const entry of batch) entry.done.reject(error);
        return;
      }
      for (const entry of batch) await commit([entry]).then(entry.done.resolve, entry.done.reject);
    }
  }

  /** The entries' rows in one transaction, each table's in BUFFERED_TABLES order, with their rollups. */
  async function commit(batch: Waiting[]): Promise<void> {
    const dayOf = (await options.dayOf?.()) ?? utcDay;
    await store.db.transaction().execute(async (trx) => {
      const byTable = new Map<BufferedTable, Rows<BufferedTable>>();
      for (const entry of batch) byTable.set(entry.table, [...(byTable.get(entry.table) ?? []), ...entry.rows]);
      for (const table of BUFFERED_TABLES) {
        const rows = byTable.get(table);
        if (!rows) continue;
        const writer = options.writers?.[table] as ((trx: Executor, rows: Rows<BufferedTable>, dayOf: DayOf) => Promise<void>) | undefined;
        if (writer) await writer(trx, rows, dayOf);
        else for (const run of inStatements(rows)) await trx.insertInto(table).values(run as never).execute();
        await options.afterInsert?.(trx, table, rows, dayOf);
      }
    });
  }

  /** One flush at a time, started on the next turn of the event loop so that rows arriving together go together. */
  function schedule(): void {
    if (flushing || pending) return;
    pending = setImmediate(() => {
      pending = null;
      flushing = flushNow().finally(() => {
        flushing = null;
        if (waitingRows > 0) schedule();
      });
    });
  }

  return {
    write(table, rows) {
      if (closed) return Promise.reject(new BufferClosedError());
      if (rows.length === 0) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiting.push({ table, rows: rows as Rows<BufferedTable>, done: { resolve, reject } });
        waitingRows += rows.length;
        schedule();
      });
    },
    waitingRows: () => waitingRows,
    async drain() {
      closed = true;
      if (pending) clearImmediate(pending);
      pending = null;
      while (flushing || waitingRows > 0) {
        if (flushing) await flushing;
        else await flushNow();
      }
    },
  };
}
