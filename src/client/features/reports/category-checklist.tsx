interface Props {
  id: string;
  categories: readonly { id: number; name: string }[];
  chosen: readonly number[];
  error: string | undefined;
  onChange(chosen: number[]): void;
}

/** The categories a report includes: a checkbox each, with select all and none. */
export function CategoryChecklist({ id, categories, chosen, error, onChange }: Props) {
  const toggle = (category: number, on: boolean) =>
    onChange(on ? categories.map((c) => c.id).filter((c) => c === category || chosen.includes(c)) : chosen.filter((c) => c !== category));
  return (
    <fieldset className="field report-categories" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={Boolean(error)}>
      <legend>Categories to include</legend>
      <div className="report-categories__bulk">
        <button type="button" className="button button--ghost" onClick={() => onChange(categories.map((c) => c.id))}>Select all</button>
        <button type="button" className="button button--ghost" onClick={() => onChange([])}>Select none</button>
        <span className="field__hint" aria-live="polite">{chosen.length} of {categories.length} chosen</span>
      </div>
      <div className="report-categories__list">
        {categories.map((c) => (
          <label key={c.id} className="report-categories__item">
            <input type="checkbox" checked={chosen.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} /> {c.name}
          </label>
        ))}
      </div>
      {error ? <p id={`${id}-error`} className="field__error" role="alert">{error}</p> : null}
    </fieldset>
  );
}
