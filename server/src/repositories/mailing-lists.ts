/** Mailing lists, which newsletter form feeds which list, and the subscribers (part 2 §1). */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Storage } from '../storage/open';
import type { Executor } from '../storage/locked';

/** Makes the lists the site declares that are missing (a list's name in the database stays as it is). */
export async function seedMailingLists(store: Storage, lists: ReadonlyArray<{ id: string; name: string }>): Promise<void> {
  if (lists.length === 0) return;
  await store.db.insertInto('mailing_lists').values([...lists]).onConflict((conflict) => conflict.column('id').doNothing()).execute();
}

/** Every list with its number of subscribers, by name. */
export async function listsWithSubscribers(store: Storage): Promise<Array<{ id: string; name: string; subscribers: number }>> {
  const lists = await store.db
    .selectFrom('mailing_lists as l')
    .select((eb) => ['l.id', 'l.name', eb.selectFrom('newsletter_subscribers as s').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('s.list_id', '=', 'l.id').as('subscribers')])
    .orderBy('l.name')
    .execute();
  return lists.map((list) => ({ id: list.id, name: list.name, subscribers: Number(list.subscribers ?? 0) }));
}

export const listExists = async (store: Storage, id: string) => !!(await store.db.selectFrom('mailing_lists').select('id').where('id', '=', id).executeTakeFirst());

export async function connections(store: Storage): Promise<Map<string, string>> {
  return new Map((await store.db.selectFrom('newsletter_connections').select(['form_id', 'list_id']).execute()).map((c) => [c.form_id, c.list_id]));
}

export async function connect(store: Storage, formId: string, listId: string): Promise<void> {
  await store.db.insertInto('newsletter_connections').values({ form_id: formId, list_id: listId }).onConflict((conflict) => conflict.column('form_id').doUpdateSet({ list_id: listId })).execute();
}

export async function disconnect(store: Storage, formId: string): Promise<void> {
  await store.db.deleteFrom('newsletter_connections').where('form_id', '=', formId).execute();
}

/** Subscribes to the list the form is connected to, else to the form's own; once per address and list. */
export async function subscribe(trx: Executor, formId: string, email: string, now: number): Promise<void> {
  const connection = await trx.selectFrom('newsletter_connections').select('list_id').where('form_id', '=', formId).executeTakeFirst();
  await trx
    .insertInto('newsletter_subscribers')
    .values({ list_id: connection?.list_id ?? formId, email, created_at: now, unsubscribe_token: randomBytes(16).toString('hex') })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

/** Every list that has subscribers, declared or not (an unconnected newsletter form keeps its sign-ups under its own id). */
export async function subscriberLists(store: Storage): Promise<Array<{ listId: string; name: string | null; subscribers: number }>> {
  const rows = await store.db
    .selectFrom('newsletter_subscribers as s')
    .leftJoin('mailing_lists as l', 'l.id', 's.list_id')
    .select((eb) => ['s.list_id', 'l.name', eb.fn.countAll<number>().as('n')])
    .groupBy(['s.list_id', 'l.name'])
    .orderBy('s.list_id')
    .execute();
  return rows.map((row) => ({ listId: row.list_id, name: row.name ?? null, subscribers: Number(row.n) }));
}

/** A page of a list's subscribers in address order, after `after`. */
export function subscribersOf(store: Storage, listId: string, limit: number, after = '') {
  return store.db.selectFrom('newsletter_subscribers').select(['email', 'created_at', 'unsubscribe_token']).where('list_id', '=', listId).where('email', '>', after).orderBy('email').limit(limit).execute();
}

/** Takes an address off every list, whatever its letters' case; how many lists it was on. */
export async function unsubscribeEverywhere(store: Storage, email: string): Promise<number> {
  const result = await store.db.deleteFrom('newsletter_subscribers').where(sql<string>`lower(email)`, '=', sql<string>`lower(${email})`).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address a subscriber's unsubscribe link is for (any of its rows' tokens), or null. */
export async function addressOfUnsubscribeToken(store: Storage, token: string): Promise<string | null> {
  if (!/^[0-9a-f]{32}$/.test(token)) return null;
  const row = await store.db.selectFrom('newsletter_subscribers').select('email').where('unsubscribe_token', '=', token).executeTakeFirst();
  return row?.email ?? null;
}
