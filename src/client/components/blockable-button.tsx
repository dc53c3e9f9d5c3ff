import { useId, type ReactNode } from 'react';
import { Tooltip } from 'radix-ui';

interface Props {
  /** Why the action is refused, or null when it may be used. */
  block: string | null;
  onClick: () => void;
  /** A click while refused (a form then shows every rule message it held back). */
  onRefused?: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A button an action bar may refuse (spec 3 §5, §6). Refused, it stays focusable (aria-disabled)
 * so the reason shows on hover and focus and is read out with the button.
 */
export function BlockableButton({ block, onClick, onRefused, children, className = 'button button--secondary' }: Props) {
  const reasonId = useId();
  const button = (
    <button
      type="button"
      className={className}
      aria-disabled={block !== null}
      aria-describedby={block ? reasonId : undefined}
      onClick={() => (block === null ? onClick() : onRefused?.())}
    >
      {children}
    </button>
  );
  if (block === null) return button;
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>{button}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" sideOffset={4}>{block}</Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
      <span id={reasonId} className="visually-hidden">{block}</span>
    </Tooltip.Provider>
  );
}
