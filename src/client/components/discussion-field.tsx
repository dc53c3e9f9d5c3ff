import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DISCUSSION_TEXT, nodesWithClusters } from '@shared/rules/discussions';
import { discussionNodesQueryOptions } from '../lib/discussion-queries';
import { AppLink } from './app-link';

interface Props {
  context: string;
  uploadHref: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
}

/**
 * The Discussion dropdown (spec 3 §2.4, §5): the client's discussion cluster nodes that have
 * clusters, by name; with none, a link to the bulk uploader instead (for who may upload). The
 * journey cell's mapping panel and Grow's audience form use it.
 */
export function DiscussionField({ context, uploadHref, value, onChange }: Props) {
  const id = useId();
  const nodes = useQuery(discussionNodesQueryOptions(context));
  const list = nodesWithClusters(nodes.data ?? []);
  if (nodes.isPending) return <p className="field" role="status">Loading discussion clusters</p>;
  if (list.length === 0 && value === null) {
    return (
      <div className="field">
        <span className="field__caption">Discussion</span>
        {nodes.isError ? <p className="field__hint">Discussion clusters can be chosen when the network is back.</p> : (
          <p className="field__hint">{DISCUSSION_TEXT.noDiscussions}{uploadHref ? <> <AppLink to={uploadHref}>{DISCUSSION_TEXT.uploadDiscussions}</AppLink></> : null}</p>
        )}
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor={`${id}-discussion`}>Discussion</label>
      <select id={`${id}-discussion`} value={value === null ? '' : String(value)} onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
        <option value="">None</option>
        {value !== null && !list.some((n) => n.id === value) ? <option value={String(value)}>Node {value} (no longer available)</option> : null}
        {list.map((n) => <option key={n.id} value={String(n.id)}>{n.name} ({n.discussion_clusters.length} clusters)</option>)}
      </select>
    </div>
  );
}
