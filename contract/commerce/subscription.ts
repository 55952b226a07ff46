/**
 * Subscription plan strings (spec part 2 §3, §9), pure: 'renews every {n} weeks for {p}
 * payments', singular 'renews every week'; numBillingCycles 0 or missing renews indefinitely.
 */
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingUnit | Lowercase<BillingUnit> };
  numBillingCycles?: number;
}

const plural = (count: number, word: string) => (count === 1 ? word : `${word}s`);

export function isIndefinite(plan: SubscriptionPlan): boolean {
  return !plan.numBillingCycles || plan.numBillingCycles <= 0;
}

export function renewalText(plan: SubscriptionPlan): string {
  const unit = String(plan.billingPeriod?.unit ?? '').toLowerCase();
  const n = plan.billingPeriod?.value;
  if (!['week', 'month', 'year'].includes(unit) || !Number.isInteger(n) || n < 1) throw new TypeError('A subscription plan needs a billing period of whole weeks, months or years.');
  const every = n === 1 ? `renews every ${unit}` : `renews every ${n} ${plural(n, unit)}`;
  if (isIndefinite(plan)) return every;
  const p = plan.numBillingCycles!;
  return `${every} for ${p} ${plural(p, 'payment')}`;
}
