import type { ImportedPlan } from '@shared/schemas/plans';

/** An import's state (spec 2 §2): Complete (success icon), Submitted (spinner, importing), Failed (error icon). */
export function ImportStatusBadge({ plan }: { plan: Pick<ImportedPlan, 'import_success'> }) {
  if (plan.import_success === null) {
    return (
      <span className="import-badge import-badge--submitted" role="status">
        <span className="plans-spinner" aria-hidden="true" />
        Submitted
      </span>
    );
  }
  if (plan.import_success) {
    return (
      <span className="import-badge import-badge--complete">
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
        Complete
      </span>
    );
  }
  return (
    <span className="import-badge import-badge--failed">
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" /></svg>
      Failed
    </span>
  );
}
