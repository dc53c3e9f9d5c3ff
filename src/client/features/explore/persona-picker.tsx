import { useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { EXPLORE_LIMITS } from '@shared/rules/explore';
import type { PersonaSummaryView } from './persona-edits';

interface Props {
  personas: readonly PersonaSummaryView[];
  current: PersonaSummaryView | undefined;
  onSelect: (persona: PersonaSummaryView) => void;
}

function FlagIcon() {
  return (
    <svg className="persona-picker__flag" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
    </svg>
  );
}

/** The persona dropdown (spec 3 §2.1, §9: 441 px, searchable, a flag on the default). */
export function PersonaPicker({ personas, current, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const listId = useId();
  const needle = q.trim().toLowerCase();
  const shown = needle ? personas.filter((p) => p.name.toLowerCase().includes(needle)) : personas;
  const choose = (p: PersonaSummaryView) => {
    setOpen(false);
    setQ('');
    onSelect(p);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="persona-picker__trigger" style={{ width: `min(${EXPLORE_LIMITS.dropdownWidth}px, 100%)` }} aria-label={`Persona: ${current?.name ?? 'none'}`}>
        {current?.default ? <FlagIcon /> : null}
        <span className="persona-picker__name">{current?.name ?? 'Choose a persona'}</span>
        <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="persona-picker" align="start" sideOffset={4} style={{ width: `min(${EXPLORE_LIMITS.dropdownWidth}px, 100vw)` }}>
          <input
            className="persona-picker__search"
            type="search"
            placeholder="Search personas"
            aria-label="Search personas"
            aria-controls={listId}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && shown[0]) choose(shown[0]);
            }}
          />
          <ul id={listId} role="listbox" aria-label="Personas" className="persona-picker__list">
            {shown.map((p) => (
              <li key={p.id} role="option" aria-selected={p.id === current?.id}>
                <button type="button" className="persona-picker__option" onClick={() => choose(p)}>
                  {p.default ? <FlagIcon /> : <span className="persona-picker__flag-space" />}
                  <span>{p.name}</span>
                  {p.default ? <span className="visually-hidden"> (default)</span> : null}
                  {p.pending ? <span className="persona-picker__pending">Pending sync</span> : null}
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className="persona-picker__empty">No persona matches “{q}”.</li> : null}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
