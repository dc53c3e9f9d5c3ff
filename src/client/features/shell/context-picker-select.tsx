import { useId } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  group?: string;
}

interface Props {
  label: string;
  current?: string;
  placeholder: string;
  options: PickerOption[];
  disabled: boolean;
  onSelect: (value: string) => void;
  /** An admin shortcut listed after the options ("Add brands"), shown only with create permission. */
  shortcut?: { label: string; to: string } | null;
  onShortcut: (to: string) => void;
}

const SHORTCUT = 'shortcut:';

/**
 * One level of the context picker: a native labelled list (grouped with optgroup when asked),
 * which every keyboard, screen reader and touch screen already knows, at no script cost.
 */
export function ContextPickerSelect({ label, current, placeholder, options, disabled, onSelect, shortcut, onShortcut }: Props) {
  const id = useId();
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const render = (list: PickerOption[]) =>
    list.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <div className="picker">
      <label className="picker__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="picker__select"
        // A narrow window ends a long name in an ellipsis: the whole name is the tooltip.
        title={options.find((o) => o.value === current)?.label}
        value={current ?? ''}
        // A level with nothing to pick still offers its admin shortcut (a new client's region has no brands yet).
        disabled={disabled || (options.length === 0 && !shortcut)}
        onChange={(event) => {
          const value = event.target.value;
          if (value.startsWith(SHORTCUT)) onShortcut(value.slice(SHORTCUT.length));
          else if (value && value !== current) onSelect(value);
        }}
      >
        {current ? null : (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {groups.map((group) =>
          group ? (
            <optgroup key={group} label={group}>
              {render(options.filter((o) => o.group === group))}
            </optgroup>
          ) : (
            render(options.filter((o) => !o.group))
          ),
        )}
        {shortcut ? (
          <optgroup label="Admin">
            <option value={`${SHORTCUT}${shortcut.to}`}>{shortcut.label}</option>
          </optgroup>
        ) : null}
      </select>
    </div>
  );
}
