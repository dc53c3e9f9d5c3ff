import { useId, useState, type FormEvent } from 'react';
import { GROW, GROW_TEXT, validateMarket } from '@shared/rules/grow';
import { SlideInPanel } from '../../components/slide-in-panel';
import type { MarketView } from './chart-edits';

interface Props {
  market: MarketView | null;
  others: readonly MarketView[];
  mayDelete: boolean;
  onSave: (name: string) => void;
  onDelete: () => void;
  onClose: () => void;
}

/** Add or rename a market (450 px slide-in); the name is unique in the chart (spec 3 §5). */
export function MarketFormPanel({ market, others, mayDelete, onSave, onDelete, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(market?.name ?? '');
  const [touched, setTouched] = useState(false);
  const issues = validateMarket(name, { others, ownId: market?.id ?? null });
  const message = touched ? issues[0]?.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (issues.length === 0) onSave(name.trim());
  };
  return (
    <SlideInPanel title={market ? `Edit market ${market.name}` : GROW_TEXT.addMarket} widthPx={GROW.panelPx.market} onClose={onClose}>
      <form onSubmit={submit} noValidate className="grow-form">
        <div className="field">
          <label htmlFor={`${id}-name`}>Market name</label>
          <input id={`${id}-name`} value={name} onChange={(e) => { setName(e.target.value); setTouched(true); }} aria-invalid={Boolean(message)} aria-describedby={message ? `${id}-error` : undefined} />
          {message ? <p id={`${id}-error`} className="field__error" role="alert">{message}</p> : null}
        </div>
        <div className="grow-form__actions">
          {market && mayDelete ? <button type="button" className="button button--danger" onClick={onDelete}>Delete market</button> : null}
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary">{market ? 'Save' : 'Add'}</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
