/**
 * What the owner set for each page (spec part 2 §3): its workflow state, a publish date for a
 * scheduled page, locked and members-only flags. Visitors get a page only when it is
 * available (or scheduled and due); signed-in owners see every page.
 */
import type { Db } from './db';
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

export function allPageSettings(db: Db): Map<string, PageSettings> {
  return new Map((db.prepare('SELECT * FROM page_settings').all() as Row[]).map((row) => [row.path, toSettings(row)]));
}

export function pageSettings(db: Db, path: string): PageSettings | null {
  const row = db.prepare('SELECT * FROM page_settings WHERE path = ?').get(path) as Row | undefined;
  return row ? toSettings(row) : null;
}

export function savePageSettings(db: Db, settings: PageSettings): void {
  db.prepare(
    'INSERT INTO page_settings (path, workflow_state, locked, members_only, publish_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (path) DO UPDATE SET workflow_state = excluded.workflow_state, locked = excluded.locked, members_only = excluded.members_only, publish_at = excluded.publish_at, updated_at = excluded.updated_at',
  ).run(settings.path, settings.workflowState, settings.locked ? 1 : 0, settings.membersOnly ? 1 : 0, settings.publishAt, Date.now());
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
