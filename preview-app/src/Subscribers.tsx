import { useState } from 'react';
import { AddressForm } from './AddressForm';
import { DataSection } from './DataSection';
import { download, toCsv } from './csv';
import { ownerDelete, ownerGet } from './owner-api';
import { useOwnerData } from './use-owner-data';
import { OWNER_PATHS, ownerPath } from '../../contract/api/owner-paths';
import type { RemovedAnswer, SubscriberListsAnswer, SubscribersAnswer } from '../../contract/api/owner-answers';
import { counted } from './counted';

type List = SubscriberListsAnswer['lists'][number];
type Load = <T>(path: string) => Promise<T>;

/** A list's name; a newsletter form that is connected to no list keeps its sign-ups under its own id. */
export const listName = (list: List) => list.name ?? `Sign-ups of newsletter form ${list.listId}`;

/**
 * Every subscriber of a list as CSV, asked for a page at a time, with each one's link to leave
 * every list (on this site's address) for the owner's mail tool to put in each newsletter.
 */
export async function subscribersCsv(load: Load, listId: string, origin = location.origin): Promise<{ csv: string; count: number }> {
  const rows: string[][] = [];
  for (let after = ''; ; ) {
    const page = await load<SubscribersAnswer>(`${ownerPath(OWNER_PATHS.subscribers, { listId })}?limit=1000&after=${encodeURIComponent(after)}`);
    rows.push(...page.subscribers.map((subscriber) => [subscriber.email, subscriber.createdAt, subscriber.unsubscribePath ? origin + subscriber.unsubscribePath : '']));
    if (!page.next) return { csv: toCsv(['Email', 'Subscribed', 'Unsubscribe link'], rows), count: rows.length };
    after = page.next;
  }
}

/**
 * Newsletter subscribers: each list with its count and a CSV of every address (to send the
 * newsletter with the owner's mail tool), and an address taken off every list at its owner's
 * request (an unsubscribe by e-mail, a request to be forgotten).
 */
export function Subscribers({ load = ownerGet, remove = ownerDelete }: { load?: Load; remove?: <T>(path: string) => Promise<T> }) {
  const [state, reload] = useOwnerData<SubscriberListsAnswer>(OWNER_PATHS.subscriberLists, load);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');
  const [email, setEmail] = useState('');
  const exportList = (list: List) => {
    setProblem('');
    subscribersCsv(load, list.listId).then(({ csv, count }) => {
      download(`${list.listId}-subscribers.csv`, csv);
      setStatus(`Exported ${counted(count, 'subscriber')} of ${listName(list)}.`);
    }, (error: Error) => setProblem(`Unable to export ${listName(list)}: ${error.message}`));
  };
  const unsubscribe = (address: string) => {
    setProblem('');
    remove<RemovedAnswer>(ownerPath(OWNER_PATHS.subscriber, { email: address })).then(({ removed }) => {
      setStatus(`Took ${address} off ${counted(removed, 'list')}.`);
      setEmail('');
      reload();
    }, (error: Error) => setProblem(`${address}: ${error.message}`));
  };
  return (
    <DataSection id="subscribers" title="Newsletter subscribers" state={state} reload={reload}>
      {({ lists }) => (
        <>
          <p role="status">{status}</p>
          {problem && <p role="alert">{problem}</p>}
          {lists.length === 0 ? (
            <p>No subscribers yet.</p>
          ) : (
            <ul className="config-list">
              {lists.map((list) => (
                <li key={list.listId}>
                  <strong>{listName(list)}</strong>: {counted(list.subscribers, 'subscriber')}{' '}
                  <button type="button" aria-label={`Export the subscribers of ${listName(list)} as CSV`} onClick={() => exportList(list)}>
                    Export CSV
                  </button>
                </li>
              ))}
            </ul>
          )}
          <AddressForm id="unsubscribe-email" label="Take an address off every list" action="Remove" value={email} onChange={setEmail} onSubmit={unsubscribe} />
        </>
      )}
    </DataSection>
  );
}
