/**
 * What the owner set for each page (spec part 2 §3): its workflow state, a publish date for a
 * scheduled page, locked and members-only flags. Visitors get a page only when it is
 * available (or scheduled and due); signed-in owners see every page.
 */
import type { Storage } from './storage/open';
import { WorkflowState } from '../../contract/model/site-types';

export interface PageSettings {
  path: string;
  workflowState: number;
  locked: boolean;
  membersOnly: boolean;
  publishAt: number | null;
}

interface Row {
  path: string;
  workflow_state: number;
  locked: number;
  members_only: number;
  publish_at: number | null;
}

const toSettings = (row: Row): PageSettings => ({ path: row.path, workflowState: row.workflow_state, locked: row.locked === 1, membersOnly: row.members_only === 1, publishAt: row.publish_at });

const COLUMNS = ['path', 'workflow_state', 'locked', 'members_only', 'publish_at'] as const;

export async function allPageSettings(store: Storage): Promise<Map<string, PageSettings>> {
  const rows: Row[] = await store.db.selectFrom('page_settings').select(COLUMNS).execute();
  return new Map(rows.map((row) => [row.path, toSettings(row)]));
}

export async function pageSettings(store: Storage, path: string): Promise<PageSettings | null> {
  const row: Row | undefined = await store.db.selectFrom('page_settings').select(COLUMNS).where('path', '=', path).executeTakeFirst();
  return row ? toSettings(row) : null;
}

export async function savePageSettings(store: Storage, settings: PageSettings): Promise<void> {
  const values = { workflow_state: settings.workflowState, locked: settings.locked ? 1 : 0, members_only: settings.membersOnly ? 1 : 0, publish_at: settings.publishAt, updated_at: Date.now() };
  await store.db.insertInto('page_settings').values({ path: settings.path, ...values }).onConflict((conflict) => conflict.column('path').doUpdateSet(values)).execute();
}

/** What a visitor (not a signed-in owner) gets for a page: it, a 404, or the member or lock page. */
export function visitorAccess(settings: PageSettings | null, now = Date.now()): 'page' | 'hidden' | 'members' | 'locked' {
  if (!settings) return 'page';
  const scheduledAndDue = settings.workflowState === WorkflowState.SCHEDULED && settings.publishAt !== null && settings.publishAt <= now;
  if (settings.workflowState !== WorkflowState.PUBLISHED && !scheduledAndDue) return 'hidden';
  if (settings.locked) return 'locked';
  if (settings.membersOnly) return 'members';
  return 'page';
}
