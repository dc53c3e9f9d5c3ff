import type { ReactNode } from 'react';
import { DropdownMenu } from 'radix-ui';
import { AppLink } from '../../components/app-link';

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
  shortcut?: { label: string; to: string } | null;
}

/** One level of the context picker: a labelled menu of options, grouped when asked. */
export function ContextPickerMenu({ label, current, placeholder, options, disabled, onSelect, shortcut }: Props) {
  const selected = options.find((o) => o.value === current);
  const groups = [...new Set(options.map((o) => o.group ?? ''))];
  const items: ReactNode[] = groups.flatMap((group) => [
    group ? <DropdownMenu.Label key={`label-${group}`} className="menu__label">{group}</DropdownMenu.Label> : null,
    ...options.filter((o) => (o.group ?? '') === group).map((o) => (
      <DropdownMenu.RadioItem key={o.value} value={o.value} className="menu__item">
        {o.label}
      </DropdownMenu.RadioItem>
    )),
  ]);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="picker" disabled={disabled || options.length === 0} aria-label={`${label}: ${selected?.label ?? placeholder}`}>
        <span className="picker__label">{label}</span>
        <span className="picker__value">{selected?.label ?? placeholder}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu menu--scroll" align="start" sideOffset={6}>
          <DropdownMenu.RadioGroup value={current ?? ''} onValueChange={onSelect}>
            {items}
          </DropdownMenu.RadioGroup>
          {shortcut ? (
            <>
              <DropdownMenu.Separator className="menu__separator" />
              <DropdownMenu.Item asChild className="menu__item">
                <AppLink to={shortcut.to}>{shortcut.label}</AppLink>
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
