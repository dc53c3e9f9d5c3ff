import { useRef } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { ItemActions } from '@shared/rules/journey';

interface Props {
  kind: 'brand' | 'stage';
  name: string;
  actions: ItemActions;
  onEditName: () => void;
  onMove: (direction: 'back' | 'forward') => void;
  onDelete: () => void;
}

const WORDS = {
  brand: { back: 'Move up', forward: 'Move down', delete: 'Delete brand' },
  stage: { back: 'Move left', forward: 'Move right', delete: 'Delete stage' },
} as const;

/**
 * A brand's or stage's menu (spec 3 §2.4, §5): Edit name, the moves it can make (none back for
 * the first, none forward for the last) and Delete unless it is the only one.
 */
export function ItemMenu({ kind, name, actions, onEditName, onMove, onDelete }: Props) {
  // Edit name opens the name field once the menu has closed: a field focused while the menu is
  // open loses the focus to the menu's focus trap, then to its button.
  const editing = useRef(false);
  const words = WORDS[kind];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--ghost journey-grid__menu" aria-label={`${kind === 'brand' ? 'Brand' : 'Stage'} menu: ${name.trim() || 'unnamed'}`}>⋮</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className="menu" align="start" sideOffset={4}
          onCloseAutoFocus={(e) => {
            if (!editing.current) return;
            e.preventDefault();
            editing.current = false;
            onEditName();
          }}
        >
          <DropdownMenu.Item className="menu__item" onSelect={() => { editing.current = true; }}>Edit name</DropdownMenu.Item>
          {actions.moveBack ? <DropdownMenu.Item className="menu__item" onSelect={() => onMove('back')}>{words.back}</DropdownMenu.Item> : null}
          {actions.moveForward ? <DropdownMenu.Item className="menu__item" onSelect={() => onMove('forward')}>{words.forward}</DropdownMenu.Item> : null}
          {actions.delete ? <DropdownMenu.Item className="menu__item" onSelect={onDelete}>{words.delete}</DropdownMenu.Item> : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
