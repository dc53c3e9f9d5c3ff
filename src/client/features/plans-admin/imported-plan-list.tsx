import { format } from 'date-fns';
import type { ImportedPlan } from '@shared/schemas/plans';
import { BlockableButton } from '../../components/blockable-button';
import { ImportStatusBadge } from './import-status-badge';

interface Props {
  plans: readonly ImportedPlan[];
  currency: string;
  /** Why an import may not be deleted now, or null; undefined: no Delete at all (no plans destroy). */
  deleteBlock: ((plan: ImportedPlan) => string | null) | undefined;
  onDelete: (plan: ImportedPlan) => void;
}

const when = (iso: string) => {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : format(at, 'd MMM yyyy, HH:mm');
};

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return amount.toLocaleString('en-US');
  }
}

/** One import: its Project ID and state; once complete, what the plan holds; once failed, why. */
function ImportedPlanItem({ plan, currency, deleteBlock, onDelete }: { plan: ImportedPlan } & Omit<Props, 'plans'>) {
  return (
    <li className="import-item">
      <div className="import-item__head">
        <h3 className="import-item__id">{plan.scenario_planner_id}</h3>
        <ImportStatusBadge plan={plan} />
        <span className="subtitle">{when(plan.created_at)}</span>
        {deleteBlock && plan.id > 0 ? (
          <BlockableButton block={deleteBlock(plan)} onClick={() => onDelete(plan)} className="button button--ghost import-item__delete">
            Delete<span className="visually-hidden">{` import ${plan.scenario_planner_id}`}</span>
          </BlockableButton>
        ) : null}
      </div>
      {plan.import_success === true ? (
        <dl className="import-item__plan">
          <div><dt>Name</dt><dd>{plan.name ?? '–'}</dd></div>
          <div><dt>Weeks</dt><dd>{plan.weeks ?? '–'}</dd></div>
          <div><dt>Media types</dt><dd>{plan.media_types.length ? plan.media_types.join(', ') : '–'}</dd></div>
          <div><dt>Total budget</dt><dd>{plan.total_budget === null ? '–' : money(plan.total_budget, currency)}</dd></div>
        </dl>
      ) : null}
      {plan.message ? (
        <p className="import-item__message form-error">
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" /><path d="M8 4v5M8 11v1.5" stroke="currentColor" strokeWidth="1.5" /></svg>
          {plan.message}
        </p>
      ) : null}
    </li>
  );
}

/** The product's plan imports, newest first (spec 2 §2, §4). */
export function ImportedPlanList({ plans, ...rest }: Props) {
  if (plans.length === 0) return <p className="empty-state">No plans imported yet. Type a plan's Project ID above to import it.</p>;
  return (
    <ul className="import-list" aria-label="Imported plans">
      {plans.map((plan) => <ImportedPlanItem key={plan.id} plan={plan} {...rest} />)}
    </ul>
  );
}
