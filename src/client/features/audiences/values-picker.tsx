import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { categoriesQueryOptions } from '../../lib/insights-queries';

interface Props {
  context: string;
  /** Values already in the rule. */
  chosen: ReadonlySet<number>;
  /** Value groups of the rule (the "Add to" choices). */
  groups: number;
  onAdd(value: { id: number; label: string }, group: number | 'new'): void;
  /** Why values would stop the save (as an audience), shown beside the picker. */
  warning: string | null;
}

/** Demographic values (non-segments, 'Gender: Female') as value groups of the rule. */
export function ValuesPicker({ context, chosen, groups, onAdd, warning }: Props) {
  const id = useId();
  const categories = useQuery(categoriesQueryOptions(context));
  const [category, setCategory] = useState<number | null>(null);
  const [target, setTarget] = useState<string>('new');
  const current = categories.data?.find((c) => c.id === category) ?? null;
  return (
    <section className="values-picker" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="audience-builder__section-title">Demographic values</h2>
      {warning ? <p className="field__hint values-picker__warning">{warning}</p> : null}
      {categories.isError && !categories.data ? <p role="alert" className="field__error">Demographic values can be loaded when the network is back.</p> : null}
      <div className="segment-catalogue__filters">
        <div className="field">
          <label htmlFor={`${id}-category`}>Category</label>
          <select id={`${id}-category`} value={category ?? ''} onChange={(e) => setCategory(e.target.value ? Number(e.target.value) : null)}>
            <option value="">Choose a category</option>
            {(categories.data ?? []).map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-target`}>Add values to</label>
          <select id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value)}>
            {Array.from({ length: groups }, (_, i) => <option key={i} value={String(i)}>Values {i + 1}</option>)}
            <option value="new">New group of values</option>
          </select>
        </div>
      </div>
      {current ? (
        <ul className="values-picker__values" aria-label={`${current.name} values`}>
          {current.values.map((v) => {
            const label = `${current.name}: ${v.name}`;
            return (
              <li key={v.id}>
                <button type="button" className="button button--secondary" disabled={chosen.has(v.id)} aria-label={`Add ${label}`}
                  onClick={() => onAdd({ id: v.id, label }, target === 'new' || Number(target) >= groups ? 'new' : Number(target))}>
                  {v.name}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
