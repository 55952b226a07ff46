import { useId, useState, type ReactNode } from 'react';

/** Rows a ranked table shows until the owner asks for the rest. */
export const RANKED_SHOWN = 10;

interface RankedRow {
  key: string;
  /** The first names the row (its header cell), the rest are its figures. */
  cells: ReactNode[];
}

/** The first RANKED_SHOWN rows, and a button for the rest (an answer holds the top 100 paths, 50 sites and 50 campaigns). */
export function RankedTable({ caption, headers, many, empty, rows }: { caption: string; headers: string[]; many: string; empty: string; rows: RankedRow[] }) {
  const [all, setAll] = useState(false);
  const tableId = useId();
  const shown = all ? rows : rows.slice(0, RANKED_SHOWN);
  return (
    <>
      <table className="config-table" id={tableId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) => (
              <th scope="col" key={header}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th scope="row" key={i}>
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={typeof cell === 'number' ? 'config-figure' : undefined}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={headers.length}>{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
      {rows.length > RANKED_SHOWN && (
        <p>
          <button type="button" aria-expanded={all} aria-controls={tableId} onClick={() => setAll(!all)}>
            {all ? `Show the top ${RANKED_SHOWN}` : `Show all ${rows.length} ${many}`}
          </button>
        </p>
      )}
    </>
  );
}
