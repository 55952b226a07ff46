import { useState, type Ref } from 'react';
import { download } from './csv';
import { counted } from './counted';

/**
 * Every row of a list as a CSV download (submissions, orders): the rows asked for a page at a
 * time by `collect`, what happened said in `status` or `problem`, which the panel's other
 * actions (a deletion) may set too.
 */
export function useCsvExport<T>(file: string, noun: string, collect: () => Promise<T[]>, csvOf: (rows: T[]) => string) {
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [exporting, setExporting] = useState(false);
  const exportAll = () => {
    setExporting(true);
    setProblem('');
    collect()
      .then((all) => {
        download(file, csvOf(all));
        setStatus(`Exported ${counted(all.length, noun)}.`);
      }, (error: Error) => setProblem(`Unable to export the ${noun}s: ${error.message}`))
      .finally(() => setExporting(false));
  };
  return { status, setStatus, problem, setProblem, exporting, exportAll };
}

/** Every row of a list the server answers a page at a time, newest first (`before` the last row's cursor): pages of `page` until one comes short. */
export async function everyPage<T>(path: string, page: number, load: (path: string) => Promise<T[]>, cursor: (last: T) => number): Promise<T[]> {
  const all: T[] = [];
  for (let before = ''; ; ) {
    const rows = await load(`${path}?limit=${page}${before}`);
    all.push(...rows);
    if (rows.length < page) return all;
    before = `&before=${cursor(rows[rows.length - 1]!)}`;
  }
}

/** The button that starts the export, and the note that it takes every row, not only those shown. */
export function ExportAllButton({ id, noun, exporting, onClick, buttonRef }: { id: string; noun: string; exporting: boolean; onClick: () => void; buttonRef?: Ref<HTMLButtonElement> }) {
  return (
    <p>
      <button type="button" ref={buttonRef} onClick={onClick} disabled={exporting} aria-describedby={`${id}-export-note`}>
        {exporting ? 'Exporting…' : 'Export all as CSV'}
      </button>{' '}
      <span id={`${id}-export-note`}>Every {noun}, not only those shown.</span>
    </p>
  );
}
