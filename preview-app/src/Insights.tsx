import { useId, useState } from 'react';
import { Errors } from './Errors';
import { Members } from './Members';
import { Orders } from './Orders';
import { Performance } from './Performance';
import { Reviews } from './Reviews';
import { Sales } from './Sales';
import { Submissions } from './Submissions';
import { Subscribers } from './Subscribers';
import { Traffic } from './Traffic';

/** The ranges the owner picks from: the last n days, today included, as the site's time zone has them (the server knows it). */
export const INSIGHTS_RANGES = [7, 30, 90, 365] as const;
export const DEFAULT_INSIGHTS_DAYS = 30;

/**
 * The Insights tab: one range for the sections that count by day (page views, sales,
 * performance, errors), picked above them and kept mounted while they load, so its focus stays; then the
 * lists that go back as far as they are kept.
 */
export function Insights() {
  const [days, setDays] = useState<number>(DEFAULT_INSIGHTS_DAYS);
  const rangeId = useId();
  return (
    <>
      <p className="config-range">
        <label htmlFor={rangeId}>Range </label>
        <select id={rangeId} value={days} aria-describedby={`${rangeId}-covers`} onChange={(event) => setDays(Number(event.target.value))}>
          {INSIGHTS_RANGES.map((n) => (
            <option key={n} value={n}>
              Last {n} days
            </option>
          ))}
        </select>{' '}
        <span id={`${rangeId}-covers`}>of page views, sales, performance and errors</span>
      </p>
      <Traffic days={days} />
      <Sales days={days} />
      <Performance days={days} />
      <Errors days={days} />
      <Submissions />
      <Orders />
      <Reviews />
      <Subscribers />
      <Members />
    </>
  );
}
