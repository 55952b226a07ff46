/** Many rows written as few statements, each within either engine's limit on bound parameters. */

/** Rows per INSERT statement: well under either engine's limit on bound parameters. */
export const ROWS_PER_STATEMENT = 500;

/** `items` in runs of at most ROWS_PER_STATEMENT, one statement each. */
export function inStatements<T>(items: T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += ROWS_PER_STATEMENT) runs.push(items.slice(start, start + ROWS_PER_STATEMENT));
  return runs;
}
