/**
 * What a site folder asks the server to create (site.json): `mailingLists`, the lists its
 * newsletter forms can feed (made whenever missing: the site declares them), and `datasets`,
 * its charts' starting data (made once per id: an owner who deletes one in the config app does
 * not see it come back). A bad entry is left out with a warning that says which and why.
 */
import { DATASET_ID_PATTERN, MAX_CELL_LENGTH, MAX_NAME_LENGTH, datasetProblem, truncate, type Dataset } from '../../contract/chart/dataset';

/** Ids and names as the config app takes them (a list's id is as a dataset's). */
const ID = new RegExp(DATASET_ID_PATTERN);

export interface MailingListSeed {
  id: string;
  name: string;
}
export interface DatasetSeed {
  id: string;
  name: string;
  dataset: Dataset;
}

const isCell = (cell: unknown) => cell === null || typeof cell === 'number' || (typeof cell === 'string' && cell.length <= MAX_CELL_LENGTH);

/** The id and name of an entry, or why it has none. */
function named(entry: unknown): { id: string; name: string } | string {
  if (!entry || typeof entry !== 'object') return 'is not an object';
  const { id, name } = entry as { id?: unknown; name?: unknown };
  if (typeof id !== 'string' || !ID.test(id)) return 'needs an "id" of 1 to 64 letters, digits, "_" or "-"';
  if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME_LENGTH) return `needs a "name" of 1 to ${MAX_NAME_LENGTH} characters`;
  return { id, name: name.trim() };
}

function entries<T>(site: Record<string, unknown>, key: string, read: (entry: unknown) => T | string, warn: (message: string) => void): T[] {
  const value = site[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    warn(`site.json: "${key}" is not a list; none made`);
    return [];
  }
  const kept: T[] = [];
  value.forEach((entry, index) => {
    const result = read(entry);
    if (typeof result === 'string') warn(`site.json: ${key}[${index}] ${result}; left out`);
    else kept.push(result);
  });
  return kept;
}

export const mailingListSeeds = (site: Record<string, unknown>, warn: (message: string) => void): MailingListSeed[] => entries(site, 'mailingLists', named, warn);

export function datasetSeeds(site: Record<string, unknown>, warn: (message: string) => void): DatasetSeed[] {
  return entries<DatasetSeed>(
    site,
    'datasets',
    (entry) => {
      const identity = named(entry);
      if (typeof identity === 'string') return identity;
      const { columns, rows } = entry as { columns?: unknown; rows?: unknown };
      if (!Array.isArray(columns) || !columns.every((column) => typeof column === 'string' && column.length <= MAX_NAME_LENGTH)) return 'needs "columns": a list of names';
      if (!Array.isArray(rows) || !rows.every((row) => Array.isArray(row) && row.every(isCell))) return 'needs "rows": lists of numbers, words or null';
      const problem = datasetProblem({ columns, rows });
      if (problem) return `cannot be charted: ${problem}`;
      return { ...identity, dataset: truncate({ columns, rows } as Dataset).dataset };
    },
    warn,
  );
}
