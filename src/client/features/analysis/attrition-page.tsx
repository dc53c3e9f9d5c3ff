import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ANALYSIS } from '@shared/rules/analysis';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import type { ProductScope } from '../../lib/guards';
import { AnalysisFrame, contextOf, useAnalysisFilters } from './analysis-frame';
import { customerAttritionQueryOptions } from './analysis-queries';
import { AttritionFigures } from './attrition/attrition-figures';
import { readWindow } from './attrition/attrition-model';

/**
 * Customer Attrition (issue 32): month by month over the last 12 months, the brand's buyers as
 * active (retained, won back, new), at risk and lapsed for a window of 1 to 6 months, the
 * attrition rate, and the latest month's at-risk buyers: who they are against the active ones,
 * and a win-back audience of them.
 */
export function AttritionPage({ scope, window, onWindow }: { scope: ProductScope; window: number | undefined; onWindow: (months: number) => void }) {
  const context = contextOf(scope);
  const [filters, setFilters] = useAnalysisFilters(scope);
  // The last good window is the address's (`?window=6`): a value the rule refuses is said under
  // the field, and the figures stay those of the last good one.
  const months = window ?? ANALYSIS.attritionWindow.default;
  const [typed, setTyped] = useState(String(months));
  // Back or forward to another window: the field follows the address.
  const [shown, setShown] = useState(months);
  const read = readWindow(typed);
  if (shown !== months) {
    setShown(months);
    if (!('window' in read && read.window === months)) setTyped(String(months));
  }
  const query = useQuery(customerAttritionQueryOptions(context, filters, { window: months }));
  const change = (next: string) => {
    setTyped(next);
    const checked = readWindow(next);
    if ('window' in checked) {
      setShown(checked.window);
      onWindow(checked.window);
    }
  };
  return (
    <AnalysisFrame
      title="Customer Attrition"
      scope={scope}
      filters={filters}
      onFiltersChange={setFilters}
      query={query}
      settings={<WindowField typed={typed} error={'error' in read ? read.error : null} onChange={change} />}
    >
      {query.data ? <AttritionFigures data={query.data} context={context} /> : null}
    </AnalysisFrame>
  );
}

function WindowField({ typed, error, onChange }: { typed: string; error: string | null; onChange: (typed: string) => void }) {
  const id = useId();
  const { min, max } = ANALYSIS.attritionWindow;
  return (
    <div className="field analysis-window">
      <label htmlFor={`${id}-window`}>Window (months)</label>
      <input
        id={`${id}-window`}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={typed}
        onChange={(e) => onChange(e.target.value)}
        {...fieldErrorProps(id, 'window', error)}
      />
      <FieldError id={id} field="window" message={error} />
    </div>
  );
}
