import { useId } from 'react';
import { ANALYSIS } from '@shared/rules/analysis';
import { FieldError, fieldErrorProps } from '../../../components/field-error';
import { percentError, typePercent, type BestMode, type BestSettingsState } from './best-customer-model';

interface Props {
  state: BestSettingsState;
  onChange: (next: BestSettingsState) => void;
}

/**
 * Who the best customers are: the top value tier, or the top X % of buyers by spend (1 to 50). A
 * bad percent is said under the field, and the figures stay those of the last good one.
 */
export function BestSettings({ state, onChange }: Props) {
  const id = useId();
  const error = state.mode === 'percent' ? percentError(state.typed) : null;
  const mode = (next: BestMode) => onChange({ ...state, mode: next });
  return (
    <fieldset className="analysis-best-settings">
      <legend className="field__caption">Best customers are</legend>
      <div className="segmented">
        <button type="button" aria-pressed={state.mode === 'tier'} onClick={() => mode('tier')}>Top tier</button>
        <button type="button" aria-pressed={state.mode === 'percent'} onClick={() => mode('percent')}>Top X % by spend</button>
      </div>
      {state.mode === 'percent' ? (
        <div className="field analysis-best-settings__percent">
          <label htmlFor={`${id}-percent`}>Top % of buyers by spend</label>
          <input
            id={`${id}-percent`}
            type="number"
            inputMode="numeric"
            min={ANALYSIS.bestPercent.min}
            max={ANALYSIS.bestPercent.max}
            step={1}
            value={state.typed}
            onChange={(e) => onChange(typePercent(state, e.target.value))}
            {...fieldErrorProps(id, 'percent', error)}
          />
          <FieldError id={id} field="percent" message={error} />
        </div>
      ) : null}
    </fieldset>
  );
}
