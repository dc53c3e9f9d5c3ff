import { useId, type ReactNode } from 'react';

/**
 * A labelled amount (money or response) typed as text, commas and a $ allowed, with the button
 * that acts on it beside it and a hint below both.
 */
export function AmountField({ label, value, onChange, onSubmit, action, hint }: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onSubmit: () => void;
  action: ReactNode;
  hint: string;
}) {
  const id = useId();
  return (
    <form className="planner-amount" onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
      <div className="planner-amount__row">
        <div className="field planner-amount__field">
          <label htmlFor={id}>{label}</label>
          <input id={id} className="planner-money-input" type="text" inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} />
        </div>
        {action}
      </div>
      <p id={`${id}-hint`} className="field__hint">{hint}</p>
    </form>
  );
}

/** A planner panel that solves for a typed amount: its title, the amount and its button, why it was refused, or its result. */
export function SolvePanel({ id, title, field, refusal, children }: {
  id: string;
  title: string;
  field: Parameters<typeof AmountField>[0];
  /** The message of a refused input or an unsolvable one. */
  refusal: string | null;
  /** The result, once solved. */
  children: ReactNode;
}) {
  return (
    <section className="card planner-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <AmountField {...field} />
      {refusal ? <p className="form-error" role="alert">{refusal}</p> : null}
      {children}
    </section>
  );
}
