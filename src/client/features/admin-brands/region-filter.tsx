import { useState } from 'react';
import { Popover } from 'radix-ui';
import { ALL_REGIONS_SLUG, BRAND_TEXT } from '@shared/rules/brands';

interface Props {
  regions: readonly { slug: string; name: string }[];
  /** '*' for all regions. */
  current: string;
  onSelect: (slug: string) => void;
}

/** The searchable region dropdown with 'All' first (spec 2 §2). */
export function RegionFilter({ regions, current, onSelect }: Props) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const options = [{ slug: ALL_REGIONS_SLUG, name: BRAND_TEXT.all }, ...regions];
  const needle = q.trim().toLocaleLowerCase('en-US');
  const shown = options.filter((o) => needle === '' || o.name.toLocaleLowerCase('en-US').includes(needle) || o.slug.includes(needle));
  const currentName = options.find((o) => o.slug === current)?.name ?? BRAND_TEXT.all;
  const choose = (slug: string) => {
    setOpen(false);
    setQ('');
    if (slug !== current) onSelect(slug);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="button button--secondary region-filter__trigger" aria-label={`Region: ${currentName}`}>
        Region: {currentName} ▾
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="region-filter" align="start" sideOffset={4}>
          <input
            type="search"
            aria-label="Search regions"
            placeholder="Search regions"
            value={q}
            autoFocus
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && shown[0]) choose(shown[0].slug);
            }}
          />
          <ul role="listbox" aria-label="Regions" className="region-filter__options">
            {shown.map((o) => (
              <li key={o.slug} role="option" aria-selected={o.slug === current}>
                <button type="button" className="region-filter__option" onClick={() => choose(o.slug)}>{o.name}</button>
              </li>
            ))}
            {shown.length === 0 ? <li className="region-filter__empty">No region matches.</li> : null}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
