import { useId } from 'react';
import { Tooltip } from 'radix-ui';
import { ACTIONS, type Action, type PermissionSet } from '@shared/permissions';
import type { ResourceInfo } from '@shared/schemas/roles';
import { ACCESS_TEXT } from './access-text';
import { allOn, columnCells, mayChange, rowCells, toggleCells, type Grants } from './permission-grid-model';

const ACTION_LABEL: Record<Action, string> = { create: 'Create', read: 'Read', update: 'Update', destroy: 'Delete' };
const GROUPS = [
  { group: 'insights', title: 'Insights' },
  { group: 'administration', title: 'Administration' },
] as const;

interface Props {
  resources: readonly ResourceInfo[];
  grants: Grants;
  /** The caller's own permissions: what they do not hold stays as it is (disabled, with the reason). */
  held: PermissionSet;
  readOnly: boolean;
  onChange: (next: Grants) => void;
}

/** The resource × C/R/U/D grid of a role, grouped Insights / Administration, with row and column toggles. */
export function PermissionGrid({ resources, grants, held, readOnly, onChange }: Props) {
  const reasonId = useId();
  return (
    <Tooltip.Provider delayDuration={200}>
      <p id={reasonId} className="visually-hidden">{ACCESS_TEXT.cannotHold}</p>
      {GROUPS.map(({ group, title }) => {
        const rows = resources.filter((r) => r.group === group);
        if (rows.length === 0) return null;
        return (
          <table key={group} className="data-table permission-grid">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">Resource</th>
                {ACTIONS.map((action) => {
                  const cells = columnCells(rows, action);
                  return (
                    <th key={action} scope="col">
                      <button
                        type="button" className="button button--ghost permission-grid__toggle" disabled={readOnly}
                        aria-pressed={allOn(grants, cells)} aria-label={`${ACTION_LABEL[action]}: all ${title}`}
                        onClick={() => onChange(toggleCells(grants, held, cells))}
                      >
                        {ACTION_LABEL[action]}
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.resource}>
                  <th scope="row">
                    <button
                      type="button" className="button button--ghost permission-grid__toggle" disabled={readOnly}
                      aria-pressed={allOn(grants, rowCells(r))} aria-label={`${r.label}: all actions`}
                      onClick={() => onChange(toggleCells(grants, held, rowCells(r)))}
                    >
                      {r.label}
                    </button>
                  </th>
                  {ACTIONS.map((action) => (
                    <td key={action}>
                      {r.actions.includes(action) ? (
                        <GrantBox
                          label={`${r.label}: ${ACTION_LABEL[action]}`} checked={grants[r.resource]?.[action] === true}
                          locked={!mayChange(held, r.resource, action)} readOnly={readOnly} reasonId={reasonId}
                          onToggle={(on) => onChange({ ...grants, [r.resource]: { ...grants[r.resource]!, [action]: on } })}
                        />
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
    </Tooltip.Provider>
  );
}

interface BoxProps {
  label: string;
  checked: boolean;
  /** The caller does not hold this action. */
  locked: boolean;
  readOnly: boolean;
  reasonId: string;
  onToggle: (on: boolean) => void;
}

function GrantBox({ label, checked, locked, readOnly, reasonId, onToggle }: BoxProps) {
  if (!locked || readOnly) {
    return <input type="checkbox" aria-label={label} checked={checked} disabled={readOnly} onChange={(e) => onToggle(e.target.checked)} />;
  }
  // Refused, it stays focusable (aria-disabled, as BlockableButton) so the reason shows on hover and focus.
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <input type="checkbox" className="permission-grid__locked" aria-label={label} checked={checked} aria-disabled="true" aria-describedby={reasonId} onChange={() => undefined} />
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="tooltip access-tooltip" sideOffset={4}>{ACCESS_TEXT.cannotHold}</Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
