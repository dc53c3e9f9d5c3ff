import { formatCount } from '@shared/rules/grow';
import { JOURNEY_TEXT, type DraftCell } from '@shared/rules/journey';
import type { KnownSegments } from './journey-builder';

interface Props {
  position: number;
  brandName: string;
  stageName: string;
  cell: DraftCell | undefined;
  known: KnownSegments;
  /** Discussion cluster node names by id. */
  discussions: ReadonlyMap<number, string>;
  onEdit: () => void;
}

/** A segment as a cell shows it: the end of its path (its title the whole path), marked when it is gone. */
function SegmentName({ id, known }: { id: number; known: KnownSegments }) {
  const segment = known[id];
  if (!segment) return <>Segment {id}</>;
  return <span title={segment.path_parts.join(' > ')}>{segment.path_parts.slice(-2).join(' > ')}{segment.deleted ? ' (no longer available)' : ''}</span>;
}

/** A brand and stage's cell (spec 3 §2.4): its position number, what is mapped to it (or the hint) and the pencil. */
export function JourneyCell({ position, brandName, stageName, cell, known, discussions, onEdit }: Props) {
  const mapped = cell && (cell.matched_id !== null || cell.modeled_id !== null || cell.population > 0 || cell.discussion_cluster_node_id !== null);
  return (
    <div className={`journey-cell${mapped ? ' journey-cell--mapped' : ''}`} data-testid={`cell-${position}`}>
      <span className="journey-cell__number" aria-label={`Cell ${position}`}>{position}</span>
      {mapped ? (
        <dl className="journey-cell__mapping">
          {cell.matched_id !== null ? <><dt>Matched</dt><dd><SegmentName id={cell.matched_id} known={known} /></dd></> : null}
          {cell.modeled_id !== null ? <><dt>Modeled</dt><dd><SegmentName id={cell.modeled_id} known={known} /></dd></> : null}
          <dt>Population</dt><dd>{formatCount(cell.population)}</dd>
          {cell.discussion_cluster_node_id !== null ? <><dt>Discussion</dt><dd>{discussions.get(cell.discussion_cluster_node_id) ?? `Node ${cell.discussion_cluster_node_id}`}</dd></> : null}
        </dl>
      ) : (
        <p className="journey-cell__hint">{JOURNEY_TEXT.cellHint}</p>
      )}
      <button type="button" className="button button--ghost journey-cell__edit" aria-label={`Edit mapping of ${brandName} / ${stageName}`} title={JOURNEY_TEXT.editMapping} onClick={onEdit}>✎</button>
    </div>
  );
}
