import type { ReactElement } from 'react';
import { Popover } from 'radix-ui';
import type { DiscussionClusterNode } from '@shared/schemas/journeys';
import { TextTooltip } from '../../../components/chart-tooltip';
import { WordBubbles } from '../../../components/insights/word-bubbles';
import { barShares, compactCount, type StageModel } from './journey-model';

interface Props {
  stage: StageModel;
  /** The discussion cluster node of the selected brand's cell, when it has one (its word bubbles). */
  node: DiscussionClusterNode | undefined;
  children: ReactElement;
}

/**
 * The stage's mini panel (spec 3 §2.3), opened from its label: every brand's count on the tab as
 * a bar in the brand's colour, and the word bubbles of the cell's discussion clusters, sized by
 * each cluster's size. The label shows the whole name on hover when the chart cuts it.
 */
export function StagePanel({ stage, node, children }: Props) {
  const shares = barShares(stage.brands.map((b) => b.count));
  const trigger = <Popover.Trigger asChild>{children}</Popover.Trigger>;
  return (
    <Popover.Root>
      {stage.shown === stage.name ? trigger : <TextTooltip text={stage.name}>{trigger}</TextTooltip>}
      <Popover.Portal>
        <Popover.Content className="stage-panel" side="bottom" sideOffset={6} collisionPadding={12} aria-label={`${stage.name} by brand`}>
          <h3 className="stage-panel__title">{stage.name}</h3>
          <ul className="stage-panel__bars" aria-label="Brands">
            {stage.brands.map((b, i) => (
              <li key={b.brand.id} className="stage-panel__bar-row">
                <span className="stage-panel__brand">{b.brand.name}</span>
                <span className="stage-panel__track">
                  <span className="stage-panel__bar" style={{ width: `${Math.max(shares[i]! * 100, b.count ? 2 : 0)}%`, background: b.brand.colour }} />
                </span>
                <span className="stage-panel__count">{compactCount(b.count)}</span>
              </li>
            ))}
          </ul>
          {node ? <WordBubbles node={node} /> : null}
          <Popover.Arrow className="stage-panel__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
