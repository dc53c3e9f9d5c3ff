import { DropdownMenu } from 'radix-ui';
import type { SummaryView } from './chart-edits';

interface Props {
  charts: SummaryView[];
  current: SummaryView | undefined;
  may: { create: boolean; update: boolean; destroy: boolean };
  onPick: (chart: SummaryView) => void;
  onCreate: () => void;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** The chart dropdown (default flagged, pending and invalid marked) and the create, edit, copy and delete actions (spec 3 §2.2, §6). */
export function ChartPicker({ charts, current, may, onPick, onCreate, onEdit, onCopy, onDelete }: Props) {
  const saved = current !== undefined && !current.pending;
  return (
    <div className="chart-picker">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="chart-picker__trigger" aria-label="Grow chart">
          <span>{current ? current.name : 'Choose a chart'}</span>
          {current?.default ? <span className="flag" aria-label="Default chart" title="Default chart">⚑</span> : null}
          <span aria-hidden="true">▾</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu menu--scroll chart-picker__menu" align="start" sideOffset={4}>
            {charts.length === 0 ? <DropdownMenu.Label className="menu__label">No charts yet</DropdownMenu.Label> : null}
            {charts.map((c) => (
              <DropdownMenu.Item key={c.id} className="menu__item" disabled={c.pending} onSelect={() => onPick(c)}>
                <span className="chart-picker__name">{c.name}</span>
                {c.default ? <span className="flag" aria-label="Default chart">⚑</span> : null}
                {c.pending ? <span className="badge">Pending</span> : null}
                {c.invalid_audience_count > 0 ? <span className="badge badge--warning">Invalid</span> : null}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <div className="chart-picker__actions" role="group" aria-label="Chart actions">
        {may.create ? <button type="button" className="button button--secondary" onClick={onCreate}>Create chart</button> : null}
        {may.update && saved ? <button type="button" className="button button--ghost" onClick={onEdit}>Edit chart</button> : null}
        {may.create && saved ? <button type="button" className="button button--ghost" onClick={onCopy} disabled={current.invalid_audience_count > 0}>Copy chart</button> : null}
        {may.destroy && saved ? <button type="button" className="button button--ghost" onClick={onDelete}>Delete chart</button> : null}
      </div>
    </div>
  );
}
