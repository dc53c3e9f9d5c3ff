import { useId, useState, type FormEvent } from 'react';
import { OUTCOMES_TEXT, monthName } from '@shared/rules/outcomes';
import { firstAvailable } from './settings-model';

interface Props {
  /** The months (one-based) of the year a new timeframe may take (availableMonths). */
  months: readonly number[];
  onApply: (month: number) => void;
  onCancel: () => void;
}

/**
 * 'New Timeframe' (spec 3 §2.5, §4): 'Select Month' lists the months of the year still open,
 * the first of them chosen; Apply adds it, Cancel discards. With no month left it says so and
 * Apply is disabled.
 */
export function NewTimeframeForm({ months, onApply, onCancel }: Props) {
  const id = useId();
  const [picked, setPicked] = useState<number | null>(() => firstAvailable(months));
  // The year's months can change under the form (another tab, a sync): keep a month that is still open.
  const month = picked !== null && months.includes(picked) ? picked : firstAvailable(months);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (month !== null) onApply(month);
  };
  return (
    <form className="new-timeframe" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{OUTCOMES_TEXT.newTimeframe}</h3>
      {month === null ? (
        <p className="new-timeframe__none" role="status">{OUTCOMES_TEXT.noMonthsLeft}</p>
      ) : (
        <div className="field">
          <label htmlFor={`${id}-month`}>{OUTCOMES_TEXT.selectMonth}</label>
          <select id={`${id}-month`} value={month} onChange={(e) => setPicked(Number(e.target.value))}>
            {months.map((m) => <option key={m} value={m}>{monthName(m)}</option>)}
          </select>
        </div>
      )}
      <div className="new-timeframe__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>{OUTCOMES_TEXT.cancel}</button>
        <button type="submit" className="button button--primary" disabled={month === null}>{OUTCOMES_TEXT.apply}</button>
      </div>
    </form>
  );
}
