import { useState } from 'react';
import { LoadProblem } from './LoadProblem';
import { ownerPost } from './owner-api';
import type { DataState } from './use-owner-data';
import { OWNER_PATHS } from '../../contract/api/owner-paths';
import type { PlanAnswer } from '../../contract/api/owner-answers';

export const UPGRADE_PATH = '/settings/billing/billing/upgrade';
export const CHANGE_PLAN_PATH = '/settings/billing/billing/website/change-plan';

export type PlanInfo = PlanAnswer;

/** The trial site's links to the plan pages (part 2 §2). */
export function PlanLinks({ info }: { info: PlanInfo | null }) {
  if (!info?.trial) return null;
  return (
    <nav className="config-plan-links" aria-label="Plan">
      <a href={UPGRADE_PATH}>Upgrade</a> <a href={CHANGE_PLAN_PATH}>Change plan</a>
    </nav>
  );
}

/** The plan panel that answers the plan pages: choosing a plan stores it (no payment provider). */
export function PlanPanel({ state, reload, onChange, upgrade }: { state: DataState<PlanInfo>; reload: () => void; onChange: (info: PlanInfo) => void; upgrade: boolean }) {
  const [choice, setChoice] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  if (state.status === 'loading') return <p aria-busy="true">Loading your plan…</p>;
  if (state.status === 'error') return <LoadProblem onRetry={reload}>Unable to load your plan: {state.error.message}</LoadProblem>;
  const info = state.data;
  const selected = choice ?? (info.trial ? info.plans[0]!.id : info.plan);
  return (
    <section className="config-plan" aria-labelledby="plan-title">
      <h2 id="plan-title">{upgrade ? 'Upgrade your trial' : 'Change plan'}</h2>
      <p>Your plan: {info.trial ? 'Trial' : (info.plans.find((p) => p.id === info.plan)?.name ?? info.plan)}.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          setBusy(true);
          setStatus('Saving…');
          ownerPost<PlanInfo>(OWNER_PATHS.plan, { plan: selected }).then(
            (next) => {
              onChange(next);
              setStatus(`Your site is now on the ${next.plans.find((p) => p.id === next.plan)?.name} plan.`);
              setBusy(false);
            },
            (error: Error) => {
              setStatus(`Unable to change the plan: ${error.message}`);
              setBusy(false);
            },
          );
        }}
      >
        <fieldset>
          <legend>Plans</legend>
          {info.plans.map((plan) => (
            <label key={plan.id} className="config-plan-option">
              <input type="radio" name="plan" value={plan.id} checked={selected === plan.id} onChange={() => setChoice(plan.id)} /> {plan.name} · $
              {(plan.priceCents / 100).toFixed(2)} a month
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={busy}>
          Choose plan
        </button>
        <p role="status">{status}</p>
      </form>
      <p>
        <a href="/config/">Back to the site</a>
      </p>
    </section>
  );
}
