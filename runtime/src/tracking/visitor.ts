import { readCookie, writeCookie } from '../platform/cookies';

/** Spec part 1 §9 and CONTRACT §3a: the visitor record (2 years) and visit-time cookie (30 min). */
export const VISITOR_COOKIE = 'ss_cvr';
export const VISIT_TIME_COOKIE = 'ss_cvt';
export const LAST_ITEM_COOKIE = 'ss_lastid';
export const VISITOR_LIFETIME_MS = 63_072_000_000;
export const VISIT_LIFETIME_MS = 30 * 60 * 1000;

export interface VisitorRecord {
  id: string;
  firstVisit: number;
  previousVisit: number;
  latestVisit: number;
  visitCount: number;
}

const POSITIVE = /^[1-9]\d*$/;

/** Spec part 1 §5: an id followed by four positive integers, pipe separated. */
export function parseVisitorRecord(value: string | null): VisitorRecord | null {
  const parts = value?.split('|');
  if (!parts || parts.length !== 5 || !parts[0] || !parts.slice(1).every((part) => POSITIVE.test(part))) return null;
  const [id, first, previous, latest, count] = parts as [string, string, string, string, string];
  return { id, firstVisit: +first, previousVisit: +previous, latestVisit: +latest, visitCount: +count };
}

export const formatVisitorRecord = (r: VisitorRecord) => [r.id, r.firstVisit, r.previousVisit, r.latestVisit, r.visitCount].join('|');
export const validVisitTime = (value: string | null) => value !== null && POSITIVE.test(value);

/**
 * Spec part 1 §4: within a visit (valid ss_cvt) the record stays; a new visit with a valid
 * record moves latest to previous and counts one more; a missing or invalid record starts anew.
 */
export function nextVisitorRecord(record: VisitorRecord | null, visitTimeValid: boolean, now: number, newId: () => string): VisitorRecord {
  if (!record) return { id: newId(), firstVisit: now, previousVisit: now, latestVisit: now, visitCount: 1 };
  if (visitTimeValid) return record;
  return { ...record, previousVisit: record.latestVisit, latestVisit: now, visitCount: record.visitCount + 1 };
}

const randomId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

/** Reads, updates and writes the visitor cookies (only call this where tracking is allowed). */
export function touchVisitor(now = Date.now(), itemId: string | null = null): VisitorRecord {
  const record = nextVisitorRecord(parseVisitorRecord(readCookie(VISITOR_COOKIE)), validVisitTime(readCookie(VISIT_TIME_COOKIE)), now, randomId);
  writeCookie(VISITOR_COOKIE, formatVisitorRecord(record), { maxAgeMs: VISITOR_LIFETIME_MS });
  writeCookie(VISIT_TIME_COOKIE, String(now), { maxAgeMs: VISIT_LIFETIME_MS });
  if (itemId) writeCookie(LAST_ITEM_COOKIE, itemId, { maxAgeMs: VISITOR_LIFETIME_MS });
  return record;
}
