import './filter-bar.css';

interface Chip {
  id: number | string;
  market: string;
  audience: string;
  /** The chip's words when they are not "market > audience" (the analysis pages' segment filters). */
  label?: string;
}

interface Props {
  chips: Chip[];
  onRemove: (id: number | string) => void;
  onClear: () => void;
  /** What shows with nothing selected; Grow's (about audiences) when absent. */
  emptyText?: string;
}

/** The selection as filters (spec 3 §3 Filter: market name > audience name; Journey: brand > stage), each removable. */
export function FilterBar({ chips, onRemove, onClear, emptyText = 'No filters: select audiences in the chart to filter the insights.' }: Props) {
  if (chips.length === 0) return <p className="filter-bar filter-bar--empty">{emptyText}</p>;
  return (
    <div className="filter-bar" role="group" aria-label="Filters">
      <span className="filter-bar__title">Filtered by</span>
      <ul className="filter-bar__chips">
        {chips.map((c) => (
          <li key={c.id} className="chip">
            <span>{c.label ?? <>{c.market} &gt; {c.audience}</>}</span>
            <button type="button" className="chip__remove" aria-label={`Remove filter ${c.label ?? `${c.market} > ${c.audience}`}`} onClick={() => onRemove(c.id)}>✕</button>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--ghost" onClick={onClear}>Clear all</button>
    </div>
  );
}
