import { DataSection } from './DataSection';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { ErrorsAnswer } from '../../contract/api/owner-answers';

/** JavaScript errors grouped by message, most recent first. */
export function Errors() {
  const [state, reload] = useOwnerData<ErrorsAnswer>(OWNER_PATHS.errors);
  return (
    <DataSection id="errors" title="JavaScript errors" state={state} reload={reload}>
      {({ errors }) =>
        errors.length === 0 ? (
          <p>No errors reported.</p>
        ) : (
          <table className="config-table">
            <caption>Errors by message</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                <th scope="col">Count</th>
                <th scope="col">Last seen</th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e) => (
                <tr key={e.message}>
                  <th scope="row" className="config-message">
                    {e.message}
                  </th>
                  <td>{e.count}</td>
                  <td>
                    <time dateTime={e.lastSeen}>{new Date(e.lastSeen).toLocaleString()}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      }
    </DataSection>
  );
}
