import { format, nextMonday } from 'date-fns';
import { useId, useState } from 'react';
import { inMediaOrder } from '@shared/rules/curves';
import type { Curve } from '@shared/schemas/plans';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { amountText, checkScratchBudget, checkWeeks, SCRATCH_TEXT, type ScratchInput } from './scenario-model';

type Errors = Partial<Record<'budget' | 'weeks' | 'media', string>>;

/**
 * "New scenario from scratch": a total budget, a number of weeks from a first week, and the media
 * types to plan (those with a response curve). Start splits the budget evenly; Optimise then finds
 * the best split, each media type free from nothing to the whole budget.
 */
export function ScratchScenarioForm({ curves, onStart }: { curves: readonly Curve[]; onStart: (input: ScratchInput) => void }) {
  const id = useId();
  const media = inMediaOrder(curves.map((c) => c.media_type));
  const [budget, setBudget] = useState(() => amountText(1_000_000));
  const [weeks, setWeeks] = useState('13');
  const [startWeek, setStartWeek] = useState(() => format(nextMonday(new Date()), 'yyyy-MM-dd'));
  const [chosen, setChosen] = useState<string[]>(media);
  const [errors, setErrors] = useState<Errors>({});

  if (media.length === 0) return <p className="empty-state">{SCRATCH_TEXT.noCurves}</p>;

  const start = () => {
    const amount = checkScratchBudget(budget);
    const weekCount = checkWeeks(weeks);
    const picked = media.filter((m) => chosen.includes(m));
    const next: Errors = {
      ...(amount.ok ? {} : { budget: amount.message }),
      ...(weekCount.ok ? {} : { weeks: weekCount.message }),
      ...(picked.length ? {} : { media: SCRATCH_TEXT.media }),
    };
    setErrors(next);
    if (!amount.ok || !weekCount.ok || picked.length === 0) return;
    onStart({ budget: amount.value, weeks: weekCount.value, start_week: /^\d{4}-\d{2}-\d{2}$/.test(startWeek) ? startWeek : null, media: picked });
  };

  return (
    <form className="card planner-panel planner-scratch" noValidate aria-labelledby={`${id}-title`} onSubmit={(e) => { e.preventDefault(); start(); }}>
      <h2 id={`${id}-title`}>New scenario from scratch</h2>
      <div className="planner-scratch__fields">
        <div className="field">
          <label htmlFor={`${id}-budget`}>Total budget</label>
          <input id={`${id}-budget`} className="planner-scratch__amount" type="text" inputMode="decimal" value={budget} onChange={(e) => setBudget(e.target.value)} {...fieldErrorProps(id, 'budget', errors.budget)} />
          <FieldError id={id} field="budget" message={errors.budget} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-weeks`}>Weeks</label>
          <input id={`${id}-weeks`} type="text" inputMode="numeric" value={weeks} onChange={(e) => setWeeks(e.target.value)} {...fieldErrorProps(id, 'weeks', errors.weeks)} />
          <FieldError id={id} field="weeks" message={errors.weeks} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-start`}>First week</label>
          <input id={`${id}-start`} type="date" value={startWeek} onChange={(e) => setStartWeek(e.target.value)} />
        </div>
      </div>
      <fieldset className="planner-scratch__media" {...fieldErrorProps(id, 'media', errors.media)}>
        <legend>Media types</legend>
        {media.map((m) => (
          <label key={m} className="checkbox">
            <input type="checkbox" checked={chosen.includes(m)} onChange={(e) => setChosen((all) => (e.target.checked ? [...all, m] : all.filter((x) => x !== m)))} />
            {m}
          </label>
        ))}
      </fieldset>
      <FieldError id={id} field="media" message={errors.media} />
      <div className="planner-scratch__actions">
        <button type="submit" className="button button--primary">Start scenario</button>
      </div>
      <p className="field__hint">The budget is split evenly across the media types and weeks; Optimise then finds the best split.</p>
    </form>
  );
}
