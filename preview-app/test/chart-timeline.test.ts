import { describe, expect, it } from 'vitest';
import { daySeconds, paddedTimeline } from '../src/Chart';

const DAY = 86_400;
const series = (values: Array<number | null>) => [{ label: 'Page views', values, color: '#000' }];

describe('the owner charts’ time axis', () => {
  it('one day of data is a point at the end of a week, not a dot at the edge of years', () => {
    const day = daySeconds('2026-11-25');
    const { x, values } = paddedTimeline([day], series([3]));
    expect(x).toEqual([day - 7 * DAY, day, day + DAY / 2]);
    expect(values).toEqual([[null, 3, null]]);
  });

  it('days spanning less than a week are padded to a week; a longer span keeps its first day', () => {
    const days = ['2026-11-20', '2026-11-22', '2026-11-25'].map(daySeconds);
    expect(paddedTimeline(days, series([1, 2, 3])).x).toEqual([days[2]! - 7 * DAY, ...days, days[2]! + DAY / 2]);
    const month = ['2026-10-01', '2026-11-25'].map(daySeconds);
    const padded = paddedTimeline(month, [...series([5, 6]), { label: 'b', values: [7, null], color: '#111' }]);
    expect(padded.x).toEqual([...month, month[1]! + DAY / 2]);
    expect(padded.values).toEqual([
      [5, 6, null],
      [7, null, null],
    ]);
  });

  it('no data stays no data', () => {
    expect(paddedTimeline([], series([]))).toEqual({ x: [], values: [[]] });
  });
});
