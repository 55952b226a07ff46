import { describe, expect, it } from 'vitest';
import { checkTimeZone, epochToZoned, zonedToEpoch } from '../../../contract/model/time-zone';

describe('site time zone', () => {
  it('reads wall-clock times in the zone, across daylight saving', () => {
    expect(zonedToEpoch('2026-12-01T09:30', 'Europe/London')).toBe(Date.UTC(2026, 11, 1, 9, 30));
    expect(zonedToEpoch('2026-07-01T09:30', 'Europe/London')).toBe(Date.UTC(2026, 6, 1, 8, 30));
    expect(zonedToEpoch('2026-07-01T09:30', 'America/New_York')).toBe(Date.UTC(2026, 6, 1, 13, 30));
    expect(epochToZoned(Date.UTC(2026, 6, 1, 13, 30), 'America/New_York')).toBe('2026-07-01T09:30');
    expect(zonedToEpoch('tomorrow', 'UTC')).toBeNull();
  });
  it('says when a zone cannot be loaded', () => {
    expect(checkTimeZone('Europe/London')).toBeNull();
    expect(checkTimeZone('Mars/Olympus_Mons')).toBe('Failed to load timezone Mars/Olympus_Mons');
  });
});
