/**
 * Datasets (spec part 2 §3 and §5): columns, rows and series. The first column names the
 * categories; every other column is a series of numbers. Pure: the editor and the chart block
 * check a dataset the same way, with the spec's messages.
 */
export const NO_COLUMN = 'Your dataset must have at least one column';
export const NO_ROW = 'Your dataset must have at least one row';
export const MISSING_DATA = 'One or more rows was missing data';

/** Our truncation limits ({maxRows} and {maxColumns} are not given by the spec). */
export const MAX_ROWS = 500;
export const MAX_COLUMNS = 20;
/** A dataset's id (its address, `/api/datasets/{id}`), and the longest name, column name and text cell it may have. */
export const DATASET_ID_PATTERN = '^[\\w-]{1,64}$';
export const MAX_NAME_LENGTH = 100;
export const MAX_CELL_LENGTH = 200;
export const truncationMessage = (maxRows: number, maxColumns: number) => `Only the first ${maxRows} rows and ${maxColumns} columns are kept.`;

export type Cell = string | number | null;

export interface Dataset {
  columns: string[];
  rows: Cell[][];
}

export interface Series {
  name: string;
  values: number[];
}

/** The spec's first problem with a dataset, or null when it can be charted. */
export function datasetProblem(dataset: unknown): string | null {
  const value = dataset as Partial<Dataset> | null;
  if (!value || !Array.isArray(value.columns) || value.columns.length === 0) return NO_COLUMN;
  if (!Array.isArray(value.rows) || value.rows.length === 0) return NO_ROW;
  const width = value.columns.length;
  const missing = value.rows.some((row) => !Array.isArray(row) || row.length < width || row.slice(0, width).some((cell) => cell === null || cell === undefined || cell === ''));
  return missing ? MISSING_DATA : null;
}

/** Keeps at most MAX_ROWS rows and MAX_COLUMNS columns; says whether anything was cut. */
export function truncate(dataset: Dataset): { dataset: Dataset; truncated: boolean } {
  const truncated = dataset.rows.length > MAX_ROWS || dataset.columns.length > MAX_COLUMNS;
  return {
    dataset: { columns: dataset.columns.slice(0, MAX_COLUMNS), rows: dataset.rows.slice(0, MAX_ROWS).map((row) => row.slice(0, MAX_COLUMNS)) },
    truncated,
  };
}

const number = (cell: Cell) => (typeof cell === 'number' ? cell : Number(String(cell).replace(/[,\s]/g, '')));

/** Category labels and number series; a cell that is not a number counts as 0. */
export function seriesOf(dataset: Dataset): { labels: string[]; series: Series[] } {
  const labels = dataset.rows.map((row) => String(row[0] ?? ''));
  const series = dataset.columns.slice(1).map((name, i) => ({ name, values: dataset.rows.map((row) => (Number.isFinite(number(row[i + 1] ?? null)) ? number(row[i + 1] ?? null) : 0)) }));
  return { labels, series };
}

/** Parses CSV (RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value.trim() !== ''));
}

/** A dataset from CSV: the first line names the columns; numbers stay numbers. */
export function datasetFromCsv(text: string): Dataset {
  const [header = [], ...body] = parseCsv(text);
  const cell = (value: string): Cell => (value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value.trim() === '' ? null : value);
  return { columns: header.map((h) => h.trim()), rows: body.map((row) => header.map((_, i) => cell(row[i] ?? ''))) };
}
