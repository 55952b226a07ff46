/**
 * Performance records rolled up by day, path and metric as value histograms, so that the owner's
 * performance dashboard reads a date range's rollups instead of every record. A p75 needs the
 * values, so each value is kept to three significant digits (1,234 ms counts as 1,230; a CLS of
 * 0.01234 as 0.0123): the p75 is then exact to within half a percent, and a day holds at most
 * a few thousand distinct values per path and metric whatever its traffic.
 *
 * A page load sends its record again as its metrics grow, and the latest one wins: its earlier
 * values leave the histogram as the new ones enter, in the transaction that replaces the record.
 */
import { sql, type Insertable } from 'kysely';
import type { Engine } from '../storage/engine';
import type { Executor } from '../storage/locked';
import type { Tables } from '../storage/tables';
import { inStatements } from '../storage/batches';
import { addCounts, inKeyOrder, SEPARATOR, utcDay, type DayOf } from './rollups';

export type PerformanceRecordRow = Insertable<Tables['performance_records']>;
type Recorded = Pick<PerformanceRecordRow, 'path' | 'metrics_json' | 'created_at'>;

/** A metric's value as the rollup keeps it: three significant digits. */
export function roundedForRollup(value: number): number {
  return value === 0 ? 0 : Number(value.toPrecision(3));
}

/** The finite numbers of a record's metrics. */
function metricsOf(json: string): Array<[string, number]> {
  try {
    const metrics = JSON.parse(json) as unknown;
    if (!metrics || typeof metrics !== 'object') return [];
    return Object.entries(metrics).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]));
  } catch {
    return [];
  }
}

/** Changes to the rollups, summed: samples per (day, path, metric, value) and page loads per (day, path). */
export class PerformanceTally {
  readonly samples = new Map<string, number>();
  readonly loads = new Map<string, number>();

  constructor(private readonly dayOf: DayOf = utcDay) {}

  add(record: Recorded, sign: 1 | -1, newLoad: boolean): void {
    const day = this.dayOf(Number(record.created_at));
    for (const [metric, value] of metricsOf(record.metrics_json)) {
      const key = [day, record.path, metric, String(roundedForRollup(value))].join(SEPARATOR);
      this.samples.set(key, (this.samples.get(key) ?? 0) + sign);
    }
    if (newLoad) {
      const key = `${day}${SEPARATOR}${record.path}`;
      this.loads.set(key, (this.loads.get(key) ?? 0) + 1);
    }
  }

  /** Adds the tally to the rollup tables (in key order, as every rollup). */
  async applyTo(trx: Executor): Promise<void> {
    const samples = inKeyOrder(this.samples)
      .filter(([, count]) => count !== 0)
      .map(([key, count]) => {
        const [day, path, metric, value] = key.split(SEPARATOR) as [string, string, string, string];
        return { day, path, metric, value: Number(value), samples: count };
      });
    await addCounts(trx, 'performance_daily', ['day', 'path', 'metric', 'value'], 'samples', samples);
    const loads = inKeyOrder(this.loads).map(([key, count]) => {
      const [day, path] = key.split(SEPARATOR) as [string, string];
      return { day, path, loads: count };
    });
    await addCounts(trx, 'performance_daily_loads', ['day', 'path'], 'loads', loads);
  }
}

/**
 * Stores a flush's performance records and rolls them up. The latest record of each page load
 * wins, within the batch as across batches; a replaced record keeps its first day and path.
 * On PostgreSQL the flushes that hold performance records take one advisory lock, so that two
 * instances replacing the same page load's record cannot both read its old values.
 */
export async function storePerformanceRecords(trx: Executor, engine: Engine, rows: PerformanceRecordRow[], dayOf: DayOf = utcDay): Promise<void> {
  const latest = new Map<string, PerformanceRecordRow>();
  for (const row of rows) latest.set(row.page_load_id, { ...row, created_at: latest.get(row.page_load_id)?.created_at ?? row.created_at });
  if (latest.size === 0) return;
  if (engine === 'postgres') await sql`SELECT pg_advisory_xact_lock(hashtext('performance_records'))`.execute(trx);

  const ids = [...latest.keys()].sort();
  const tally = new PerformanceTally(dayOf);
  for (const chunk of inStatements(ids)) {
    const stored = new Map(
      (await trx.selectFrom('performance_records').select(['page_load_id', 'path', 'metrics_json', 'created_at']).where('page_load_id', 'in', chunk).execute()).map((row) => [row.page_load_id, row]),
    );
    for (const id of chunk) {
      const incoming = latest.get(id)!;
      const before = stored.get(id);
      if (before) tally.add(before, -1, false);
      tally.add({ ...incoming, path: before?.path ?? incoming.path, created_at: before?.created_at ?? incoming.created_at }, 1, !before);
    }
    await trx
      .insertInto('performance_records')
      .values(chunk.map((id) => latest.get(id)!))
      .onConflict((conflict) => conflict.column('page_load_id').doUpdateSet((eb) => ({ metrics_json: eb.ref('excluded.metrics_json'), data_json: eb.ref('excluded.data_json') })))
      .execute();
  }
  await tally.applyTo(trx);
}
