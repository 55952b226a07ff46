/**
 * Subscription plan strings (spec part 2 §3, §9), pure: 'renews every {n} weeks for {p}
 * payments', singular 'renews every week'; numBillingCycles 0 or missing renews indefinitely.
 */
import { fill } from '../text/format';

export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingUnit | Lowercase<BillingUnit> };
  numBillingCycles?: number;
}

/** The renewal line's words, the spec's by default; the runtime passes the page's language. */
export const RENEWAL_WORDS = {
  everyWeek: 'renews every week',
  everyMonth: 'renews every month',
  everyYear: 'renews every year',
  everyNWeeks: 'renews every {n} weeks',
  everyNMonths: 'renews every {n} months',
  everyNYears: 'renews every {n} years',
  forPayment: '{every} for {n} payment',
  forPayments: '{every} for {n} payments',
};
export type RenewalWords = typeof RENEWAL_WORDS;

export function isIndefinite(plan: SubscriptionPlan): boolean {
  return !plan.numBillingCycles || plan.numBillingCycles <= 0;
}

export function renewalText(plan: SubscriptionPlan, words: RenewalWords = RENEWAL_WORDS): string {
  const unit = String(plan.billingPeriod?.unit ?? '').toLowerCase();
  const n = plan.billingPeriod?.value;
  if (!['week', 'month', 'year'].includes(unit) || !Number.isInteger(n) || n < 1) throw new TypeError('A subscription plan needs a billing period of whole weeks, months or years.');
  const name = unit[0]!.toUpperCase() + unit.slice(1);
  const every = fill(n === 1 ? words[`every${name}` as keyof RenewalWords] : words[`everyN${name}s` as keyof RenewalWords], { n });
  if (isIndefinite(plan)) return every;
  const p = plan.numBillingCycles!;
  return fill(p === 1 ? words.forPayment : words.forPayments, { every, n: p });
}
