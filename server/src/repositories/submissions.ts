/** Form submissions (spec part 1 §7) and the owner's list of them. */
import type { Executor } from '../storage/locked';
import type { Storage } from '../storage/open';

export interface NewSubmission {
  formId: string;
  collectionId: string | null;
  values: Record<string, unknown>;
  pageUrl: string;
  visitor: string | null;
  overlay: boolean;
  at: number;
}

/** Stored inside the transaction that counts it against the limits (routes/forms.ts). */
export async function storeSubmission(trx: Executor, submission: NewSubmission): Promise<void> {
  await trx
    .insertInto('form_submissions')
    .values({
      form_id: submission.formId,
      collection_id: submission.collectionId,
      values_json: JSON.stringify(submission.values),
      page_url: submission.pageUrl,
      visitor: submission.visitor,
      is_overlay_form: submission.overlay ? 1 : 0,
      created_at: submission.at,
    })
    .execute();
}

/** The newest submissions, of one form or all; with `before`, those older than that one (the next page). */
export function latestSubmissions(store: Storage, limit: number, formId?: string, before?: number) {
  let query = store.db.selectFrom('form_submissions').selectAll().orderBy('id', 'desc').limit(limit);
  if (formId) query = query.where('form_id', '=', formId);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.execute();
}

/** Deletes one submission (spam, or a visitor who asked to be forgotten); how many went. */
export async function deleteSubmission(store: Storage, id: number): Promise<number> {
  const result = await store.db.deleteFrom('form_submissions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
