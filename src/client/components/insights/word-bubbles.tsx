import { clusterBubbles } from '@shared/rules/discussions';
import type { DiscussionNode } from '@shared/schemas/discussions';
import './word-bubbles.css';

/** A word's size in its bubble: as large as a sixth of the bubble, small enough for the word to fit across it. */
const bubbleFont = (name: string, diameterPx: number) => Math.max(9, Math.min(Math.round(diameterPx / 5), Math.floor(((diameterPx - 8) * 1.7) / Math.max(1, name.length))));

const reachText = (reach: number) => `${Number.isInteger(reach) ? reach : reach.toFixed(1)}%`;

/**
 * The word bubbles of a discussion cluster node (issue 30): what consumers talk about, one
 * bubble per cluster sized by its Size, each with its Reachable People share where the upload
 * gave one. Shared by the journey's stage panel and Grow's audience insights.
 */
export function WordBubbles({ node, minPx = 40, maxPx = 96, headingLevel = 4 }: {
  node: Pick<DiscussionNode, 'name' | 'discussion_clusters'>;
  minPx?: number;
  maxPx?: number;
  headingLevel?: 3 | 4;
}) {
  const bubbles = clusterBubbles(node, minPx, maxPx);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const withReach = bubbles.filter((b) => b.reach !== null);
  return (
    <section className="word-bubbles-section" aria-label={`Discussion: ${node.name}`}>
      <Heading className="word-bubbles__title">{`Discussion · ${node.name}`}</Heading>
      {bubbles.length === 0 ? <p className="word-bubbles__note">No clusters in this discussion.</p> : (
        <>
          <ul className="word-bubbles">
            {bubbles.map((b) => (
              <li
                key={b.id}
                className="word-bubble"
                style={{ width: b.diameterPx, height: b.diameterPx, fontSize: bubbleFont(b.name, b.diameterPx) }}
                title={`${b.name}${b.theme ? ` (${b.theme})` : ''}: size ${b.size}${b.reach === null ? '' : `, Reachable People ${reachText(b.reach)}`}`}
              >
                <span>{b.name}</span>
                {b.reach === null ? null : <span className="word-bubble__reach" aria-label={`Reachable People ${reachText(b.reach)}`}>{reachText(b.reach)}</span>}
              </li>
            ))}
          </ul>
          {withReach.length ? <p className="word-bubbles__note">Bubbles sized by how much people talk about each topic; the share under a word is its Reachable People.</p> : null}
        </>
      )}
    </section>
  );
}
