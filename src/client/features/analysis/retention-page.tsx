import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { RetentionMode } from '@shared/rules/analysis';
import type { ProductScope } from '../../lib/guards';
import { AnalysisFrame, contextOf, useAnalysisFilters } from './analysis-frame';
import { buyerRetentionQueryOptions } from './analysis-queries';
import { RetentionFigures } from './retention/retention-figures';
import { RETENTION_MODES } from './retention/retention-model';

/**
 * Buyer Retention (issue 32): buyers by the month of their first purchase, and the share of each
 * cohort who bought again k months on (N-month) or k months on or later (Unbounded), as a
 * triangle, the average curve and the cohorts' sizes. The mode is the address's (`?mode=unbounded`).
 */
export function RetentionPage({ scope, mode, onMode }: { scope: ProductScope; mode: RetentionMode; onMode: (mode: RetentionMode) => void }) {
  const [filters, setFilters] = useAnalysisFilters(scope);
  const query = useQuery(buyerRetentionQueryOptions(contextOf(scope), filters));
  return (
    <AnalysisFrame title="Buyer Retention" scope={scope} filters={filters} onFiltersChange={setFilters} query={query} settings={<ModeSwitch mode={mode} onChange={onMode} />}>
      {query.data ? <RetentionFigures data={query.data} mode={mode} /> : null}
    </AnalysisFrame>
  );
}

/** N-month or Unbounded, as Amplitude and PostHog name them: native radios (arrow keys move between them). */
function ModeSwitch({ mode, onChange }: { mode: RetentionMode; onChange: (mode: RetentionMode) => void }) {
  const name = useId();
  return (
    <fieldset className="analysis-switch">
      <legend className="analysis-switch__legend">Retention</legend>
      {RETENTION_MODES.map((m) => (
        <label key={m.mode} className="analysis-switch__option" title={m.help}>
          <input type="radio" name={name} value={m.mode} checked={mode === m.mode} onChange={() => onChange(m.mode)} />
          {m.name}
        </label>
      ))}
    </fieldset>
  );
}
