import type { ReactElement } from 'react';
import { Popover } from 'radix-ui';
import type { DiscussionClusterNode } from '@shared/schemas/journeys';
import { TextTooltip } from '../../../components/chart-tooltip';
import { barShares, clusterBubbles, compactCount, type StageModel } from './journey-model';

/** A word's size in its bubble: as large as a sixth of the bubble, small enough for the word to fit across it. */
const bubbleFont = (name: string, diameterPx: number) => Math.max(9, Math.min(Math.round(diameterPx / 5), Math.floor(((diameterPx - 8) * 1.7) / Math.max(1, name.length))));

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
  const bubbles = clusterBubbles(node);
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
          {node ? (
            <section className="stage-panel__discussion" aria-label={`Discussion: ${node.name}`}>
              <h4 className="stage-panel__subtitle">Discussion · {node.name}</h4>
              {bubbles.length === 0 ? <p className="stage-panel__note">No clusters in this discussion.</p> : (
                <ul className="word-bubbles">
                  {bubbles.map((b) => (
                    <li key={b.id} className="word-bubble" style={{ width: b.diameterPx, height: b.diameterPx, fontSize: bubbleFont(b.name, b.diameterPx) }} title={`${b.name}: ${b.size.toLocaleString('en-US')}`}>
                      {b.name}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ) : null}
          <Popover.Arrow className="stage-panel__arrow" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
