import { useId } from 'react';
import { Tooltip } from 'radix-ui';
import { INDEX_REPORT_TEXT } from '@shared/rules/index-report-form';

/**
 * "Create Index Report" of the selection (issue 14). Refused, it stays focusable (aria-disabled)
 * so the reason shows on hover and focus and is read out with the button.
 */
export function CreateIndexReportButton({ block, onCreate }: { block: string | null; onCreate: () => void }) {
  const reasonId = useId();
  const button = (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={block !== null}
      aria-describedby={block ? reasonId : undefined}
      onClick={() => (block === null ? onCreate() : undefined)}
    >
      {INDEX_REPORT_TEXT.create}
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
