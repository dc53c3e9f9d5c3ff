import type { ReactElement, ReactNode } from 'react';
import { Tooltip } from 'radix-ui';
import './chart-tooltip.css';

/** A line of a chart tooltip: what and how much. */
export interface TooltipLine {
  label: string;
  value: string;
}

/**
 * A chart tooltip on hover and on keyboard focus (radix Tooltip: it also describes the trigger
 * to screen readers while open). The trigger is the child element itself, so tiles stay buttons.
 */
export function ChartTooltip({ title, lines, children }: { title: string; lines?: readonly TooltipLine[]; children: ReactElement }) {
  return <TooltipShell content={<ChartTooltipBody title={title} lines={lines} />}>{children}</TooltipShell>;
}

/** What a chart tooltip says: its title and lines (also drawn by charts that place one tooltip themselves). */
export function ChartTooltipBody({ title, lines }: { title: string; lines?: readonly TooltipLine[] }) {
  return (
    <>
      <p className="mekko-tooltip__title">{title}</p>
      {lines?.length ? (
        <dl className="mekko-tooltip__lines">
          {lines.map((line) => (
            <div key={line.label} className="mekko-tooltip__line">
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  );
}

/** A one-sentence tooltip (the zero-count icon, a cut name in full). */
export function TextTooltip({ text, children }: { text: string; children: ReactElement }) {
  return <TooltipShell content={<p className="mekko-tooltip__text">{text}</p>}>{children}</TooltipShell>;
}

function TooltipShell({ content, children }: { content: ReactNode; children: ReactElement }) {
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content className="mekko-tooltip" side="top" sideOffset={6} collisionPadding={8}>
          {content}
          <Tooltip.Arrow className="mekko-tooltip__arrow" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
