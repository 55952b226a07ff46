/** Website types, account statuses, workflow states and font categories: spec part 2 §3. Pure. */

export const WebsiteType = { CLASSIC: 1, COVER_PAGE: 2, PARKING_PAGE: 3, COMMERCE: 4, ENTERPRISE: 5 } as const;

export const ACCOUNT_STATUSES = [
  'expired', 'past due', 'trial', 'beta', 'removed', 'internal', 'comped', 'paid', 'v5 linked',
  'active parking page', 'resold', 'resold grace period', 'enterprise',
] as const;

export const WorkflowState = { PUBLISHED: 1, SCHEDULED: 2, NEEDS_REVIEW: 3, DRAFT: 4, PRIVATE: 5, DELETED: 6 } as const;

/** Part 2 §3: Available, Scheduled and Hidden; any other state shows 'Unsupported'. */
export function workflowLabel(state: unknown): 'Available' | 'Scheduled' | 'Hidden' | 'Unsupported' {
  if (state === WorkflowState.PUBLISHED) return 'Available';
  if (state === WorkflowState.SCHEDULED) return 'Scheduled';
  if (state === WorkflowState.DRAFT) return 'Hidden';
  return 'Unsupported';
}

/** The item statuses the editor shows. */
export const ITEM_STATUSES = ['Scheduled', 'Needs Review', 'Draft', 'Private'] as const;

export const FONT_CATEGORIES = ['Sans Serif', 'Serif', 'Display', 'Script', 'Slab Serif', 'Mono', 'Other'] as const;
