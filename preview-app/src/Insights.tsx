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
/** Where the range picked is kept for the browser tab (a reload too): the Insights panel leaves the page while another panel tab is open. */
export const INSIGHTS_DAYS_KEY = 'tessera-insights-days';

/** The range picked earlier in this browser tab, else the default (storage may be off, or throw). */
export function rememberedDays(): number {
  try {
    const days = Number(sessionStorage.getItem(INSIGHTS_DAYS_KEY));
    return (INSIGHTS_RANGES as readonly number[]).includes(days) ? days : DEFAULT_INSIGHTS_DAYS;
  } catch {
    return DEFAULT_INSIGHTS_DAYS;
  }
}

function remember(days: number): void {
  try {
    sessionStorage.setItem(INSIGHTS_DAYS_KEY, String(days));
  } catch {
    // Not kept: the next visit to the tab starts at the default.
  }
}

/**
 * The Insights tab: one range for the sections that count by day (page views, sales,
 * performance, errors), picked above them and kept mounted while they load, so its focus
 * stays; then the lists that go back as far as they are kept.
 */
export function Insights() {
  const [days, setDays] = useState(rememberedDays);
  const rangeId = useId();
  return (
    <>
      <p className="config-range">
        <label htmlFor={rangeId}>Range </label>
        <select
          id={rangeId}
          value={days}
          aria-describedby={`${rangeId}-covers`}
          onChange={(event) => {
            const picked = Number(event.target.value);
            remember(picked);
            setDays(picked);
          }}
        >
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
