import { useState } from 'react';
import { useLoad } from './LoadProblem';
import { datasetFromCsv, datasetProblem, truncationMessage, MAX_COLUMNS, MAX_ROWS, type Cell, type Dataset } from '../../contract/chart/dataset';
import { UNABLE_TO_LOAD_TRY_AGAIN } from '../../contract/model/editor-messages';
import { ownerGet, ownerPut } from './owner-api';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { DatasetSavedAnswer, DatasetsAnswer, OwnerDataset } from '../../contract/api/owner-answers';

/** A dataset as edited here: a new one has no time of its own until it is saved. */
type Stored = Omit<OwnerDataset, 'updatedAt'>;

const cellValue = (text: string): Cell => (text.trim() === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text);
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 64) || 'dataset';

/**
 * Datasets for chart blocks: a grid of columns and rows (the first column names the
 * categories), CSV import, and the spec's messages before anything is saved.
 */
export function DatasetEditor() {
  const [list, setList] = useState<Stored[] | null>(null);
  const [current, setCurrent] = useState<Stored | null>(null);
  const [message, setMessage] = useState<{ kind: 'alert' | 'status'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const problem = useLoad(
    () =>
      ownerGet<DatasetsAnswer>(OWNER_PATHS.datasets).then(({ datasets }) => {
        setList(datasets);
        setCurrent(datasets[0] ?? { id: '', name: '', dataset: { columns: ['Label', 'Value'], rows: [['', null]] } });
      }),
    (error) => `${UNABLE_TO_LOAD_TRY_AGAIN} (${error.message})`,
  );

  if (!current) return problem ?? <p aria-busy="true">Loading datasets…</p>;
  const { columns, rows } = current.dataset;
  const edit = (dataset: Dataset) => setCurrent({ ...current, dataset });
  const setColumn = (i: number, name: string) => edit({ columns: columns.map((c, j) => (j === i ? name : c)), rows });
  const setCell = (r: number, c: number, text: string) => edit({ columns, rows: rows.map((row, i) => (i === r ? row.map((cell, j) => (j === c ? cellValue(text) : cell)) : row)) });

  const save = () => {
    const problem = datasetProblem(current.dataset);
    if (!current.name.trim()) return setMessage({ kind: 'alert', text: 'Please enter a name for the dataset' });
    if (problem) return setMessage({ kind: 'alert', text: problem });
    setBusy(true);
    const id = current.id || slug(current.name);
    ownerPut<DatasetSavedAnswer>(ownerPath(OWNER_PATHS.dataset, { id }), { name: current.name, ...current.dataset }).then(
      (saved) => {
        setCurrent(saved);
        setList((old) => [saved, ...(old ?? []).filter((d) => d.id !== saved.id)]);
        setMessage({ kind: 'status', text: saved.truncated ? `Saved. ${truncationMessage(MAX_ROWS, MAX_COLUMNS)}` : `Saved. Chart blocks with datasetId "${saved.id}" show it.` });
        setBusy(false);
      },
      (error: Error) => {
        setMessage({ kind: 'alert', text: error.message });
        setBusy(false);
      },
    );
  };

  return (
    <div className="config-editor">
      <p>
        <label htmlFor="dataset-choice">Dataset</label>{' '}
        <select
          id="dataset-choice"
            value={current.id}
            onChange={(event) => {
              const chosen = list?.find((d) => d.id === event.target.value);
              setCurrent(chosen ?? { id: '', name: '', dataset: { columns: ['Label', 'Value'], rows: [['', null]] } });
              setMessage(null);
            }}
          >
            {list?.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
            <option value="">New dataset</option>
          </select>
      </p>
      <p>
        <label>
          Name <input value={current.name} maxLength={100} onChange={(event) => setCurrent({ ...current, name: event.target.value })} />
        </label>
      </p>
      <div className="config-scroll" role="region" aria-label="Dataset grid" tabIndex={0}>
        <table className="config-table config-grid">
          <thead>
            <tr>
              {columns.map((column, c) => (
                <th scope="col" key={c}>
                  <input aria-label={`Column ${c + 1} name`} value={column} onChange={(event) => setColumn(c, event.target.value)} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {columns.map((column, c) => (
                  <td key={c}>
                    <input aria-label={`${column || `Column ${c + 1}`}, row ${r + 1}`} value={row[c] === null || row[c] === undefined ? '' : String(row[c])} onChange={(event) => setCell(r, c, event.target.value)} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="config-actions">
        <button type="button" onClick={() => edit({ columns: [...columns, `Series ${columns.length}`], rows: rows.map((row) => [...row, null]) })}>
          Add column
        </button>
        <button type="button" disabled={columns.length === 0} onClick={() => edit({ columns: columns.slice(0, -1), rows: rows.map((row) => row.slice(0, columns.length - 1)) })}>
          Remove last column
        </button>
        <button type="button" onClick={() => edit({ columns, rows: [...rows, columns.map(() => null)] })}>
          Add row
        </button>
        <button type="button" disabled={rows.length === 0} onClick={() => edit({ columns, rows: rows.slice(0, -1) })}>
          Remove last row
        </button>
      </p>
      <p>
        <label>
          Import CSV{' '}
          <input
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (!file) return;
              file.text().then((text) => {
                edit(datasetFromCsv(text));
                setMessage({ kind: 'status', text: `Imported ${file.name}. Check it, then save.` });
              });
            }}
          />
        </label>
      </p>
      <p>
        <button type="button" onClick={save} disabled={busy}>
          Save dataset
        </button>
      </p>
      {message && (message.kind === 'alert' ? <p role="alert" className="config-error">{message.text}</p> : <p role="status">{message.text}</p>)}
    </div>
  );
}
