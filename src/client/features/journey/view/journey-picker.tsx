import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { JourneySummaryView } from '../data/journey-edits';

interface Props {
  journeys: JourneySummaryView[];
  current: JourneySummaryView | undefined;
  may: { create: boolean; update: boolean; destroy: boolean };
  onPick: (journey: JourneySummaryView) => void;
  onCreate: () => void;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

const Svg = ({ children }: { children: ReactNode }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">{children}</svg>
);
const ICONS = {
  create: <Svg><path d="M12 5v14M5 12h14" /></Svg>,
  edit: <Svg><path d="M4 20h4L19 9l-4-4L4 16v4Z" /><path d="M13.5 6.5l4 4" /></Svg>,
  copy: <Svg><rect x="8" y="8" width="12" height="12" rx="1.5" /><path d="M16 8V5.5A1.5 1.5 0 0 0 14.5 4h-9A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H8" /></Svg>,
  delete: <Svg><path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" /></Svg>,
};

function IconButton({ label, icon, onClick, disabled = false }: { label: string; icon: ReactNode; onClick: () => void; disabled?: boolean }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={label} onClick={onClick} disabled={disabled}>
      {icon}
    </button>
  );
}

/**
 * The journey dropdown (default flagged; invalid and unsaved ones marked and not selectable) and
 * the create, edit, copy and delete icon buttons each by its permission (spec 3 §2.3, §6).
 */
export function JourneyPicker({ journeys, current, may, onPick, onCreate, onEdit, onCopy, onDelete }: Props) {
  const saved = current !== undefined && !current.pending;
  return (
    <div className="journey-picker">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="chart-picker__trigger journey-picker__trigger" aria-label="Journey">
          <span className="journey-picker__current">{current ? current.name : 'Choose a journey'}</span>
          {current?.default ? <span className="flag" aria-label="Default journey" title="Default journey">⚑</span> : null}
          <span aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu menu--scroll journey-picker__menu" align="start" sideOffset={4}>
            {journeys.length === 0 ? <DropdownMenu.Label className="menu__label">No journeys yet</DropdownMenu.Label> : null}
            {journeys.map((j) => (
              <DropdownMenu.Item key={j.id} className="menu__item journey-picker__item" disabled={j.pending || j.invalid_cell_count > 0} onSelect={() => onPick(j)}>
                <span className="journey-picker__name">{j.name}</span>
                {j.default ? <span className="flag" aria-label="Default journey">⚑</span> : null}
                {j.pending ? <span className="badge">Pending</span> : null}
                {j.invalid_cell_count > 0 ? <span className="badge badge--warning">Invalid</span> : null}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <div className="journey-picker__actions" role="group" aria-label="Journey actions">
        {may.create ? <IconButton label="Create journey" icon={ICONS.create} onClick={onCreate} /> : null}
        {may.update && saved ? <IconButton label="Edit journey" icon={ICONS.edit} onClick={onEdit} /> : null}
        {may.create && saved ? <IconButton label="Duplicate journey" icon={ICONS.copy} onClick={onCopy} disabled={current.invalid_cell_count > 0} /> : null}
        {may.destroy && saved ? <IconButton label="Delete journey" icon={ICONS.delete} onClick={onDelete} /> : null}
      </div>
    </div>
  );
}
