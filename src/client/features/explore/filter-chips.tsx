import type { FilterChip } from './explore-model';

interface Props {
  chips: readonly FilterChip[];
  onRemove: (chip: FilterChip) => void;
  /** Whether any chip was taken off or added (the filters differ from the persona's). */
  changed: boolean;
  onReset: () => void;
}

/** The filter bar (spec 3 §2.1): the persona's identifiers as chips; taking one off filters the widgets without saving. */
export function FilterChips({ chips, onRemove, changed, onReset }: Props) {
  if (chips.length === 0 && !changed) return null;
  return (
    <div className="explore-filters" role="group" aria-label="Filters">
      {chips.length === 0 ? <span className="explore-filters__none">No filters: everyone in the region.</span> : null}
      <ul className="explore-filters__list">
        {chips.map((chip) => (
          <li key={chip.key} className={`explore-chip explore-chip--${chip.kind}`}>
            <span>{chip.label}</span>
            <button type="button" className="explore-chip__remove" aria-label={`Remove filter ${chip.label}`} onClick={() => onRemove(chip)}>
              ✕
            </button>
          </li>
        ))}
      </ul>
      {changed ? (
        <button type="button" className="button button--ghost" onClick={onReset}>
          Reset filters
        </button>
      ) : null}
    </div>
  );
}
