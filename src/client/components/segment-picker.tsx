import './segment-picker.css';
import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { GrowSegment } from '@shared/schemas/grow';
import { segmentSearchQueryOptions } from '../lib/segment-search-queries';

interface Props {
  label: string;
  context: string;
  region: string;
  /**
   * Modeled pickers list the modeled vendor's segments; matched pickers every other vendor's;
   * 'any' (the site-visit segment mapper) every vendor's, zero-count ones included.
   */
  kind: 'matched' | 'modeled' | 'any';
  value: number | null;
  /** What is known of the chosen segment (its path, offline): from the chart, or from the pick. */
  known: Pick<GrowSegment, 'path_parts' | 'deleted'> | undefined;
  onChange: (segment: { id: number; identifier: string; name: string; path_parts: string[]; people: number } | null) => void;
}

/** A single-select segment picker with search and a clear button (spec 3 §2.4, §5): Grow's audiences and Journey's cells. */
export function SegmentPicker({ label, context, region, kind, value, known, onChange }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const results = useQuery({ ...segmentSearchQueryOptions(context, region, query), enabled: open });
  const options = (results.data ?? []).filter((s) => !s.deleted && (kind === 'any' || (kind === 'modeled') === (s.vendor_type === 'modeled')));
  const chosenName = value === null ? 'None' : known ? known.path_parts.join(' > ') : `Segment ${value}`;
  return (
    <div className="field segment-picker">
      <span id={`${id}-label`} className="segment-picker__label">{label}</span>
      <div className="segment-picker__value">
        <span aria-labelledby={`${id}-label`}>{chosenName}{known?.deleted ? ' (no longer available)' : ''}</span>
        <button type="button" className="button button--secondary" aria-label={`Select ${label}`} onClick={() => setOpen((o) => !o)}>SELECT</button>
        {value !== null ? <button type="button" className="button button--ghost" aria-label={`Clear ${label}`} onClick={() => onChange(null)}>✕</button> : null}
      </div>
      {open ? (
        <div className="segment-picker__search">
          <label htmlFor={`${id}-q`}>Search {label.toLowerCase()}</label>
          <input id={`${id}-q`} type="search" value={q} autoFocus onChange={(e) => setQ(e.target.value)} placeholder="Name, identifier or vendor" />
          {results.isError ? <p role="alert" className="field__error">Segments can be searched when the network is back.</p> : null}
          {results.isFetching ? <p role="status">Loading</p> : null}
          <ul role="listbox" aria-label={`${label} results`} className="segment-picker__results">
            {options.map((s) => (
              <li key={s.id} role="option" aria-selected={s.id === value}>
                <button type="button" className="segment-picker__option" onClick={() => { onChange({ id: s.id, identifier: s.identifier, name: s.name, path_parts: s.path_parts, people: s.count.people[region] ?? 0 }); setOpen(false); }}>
                  <span>{s.path_parts.join(' > ')}</span>
                  <span className="segment-picker__meta">{s.vendor_name} · {(s.count.people[region] ?? 0).toLocaleString('en-US')} people</span>
                </button>
              </li>
            ))}
            {results.isSuccess && options.length === 0 ? <li className="segment-picker__empty">No segments match.</li> : null}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
