import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DISCUSSION_TEXT } from '@shared/rules/discussions';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import type { DiscussionNode } from '@shared/schemas/discussions';
import { PageHeader } from '../../components/page-header';
import { useOnline } from '../../lib/offline/freshness';
import { DiscussionDrawer } from './discussion-drawer';
import { discussionNodesQueryOptions } from './discussion-queries';
import '../../components/upload-parts.css';
import './discussions.css';

/** Who uses a node, in words: '2 audiences, 1 journey cell'. */
function usesInWords(node: DiscussionNode): string {
  const parts = [
    node.sub_markets.length ? `${node.sub_markets.length} ${node.sub_markets.length === 1 ? 'audience' : 'audiences'}` : null,
    node.journey_sub_markets.length ? `${node.journey_sub_markets.length} journey ${node.journey_sub_markets.length === 1 ? 'cell' : 'cells'}` : null,
  ].filter(Boolean);
  return parts.length ? `Used by ${parts.join(', ')}` : 'Not used yet';
}

/** One node of the library: its name, id (what the Grow uploader names), bubbles and uses. */
function ClusterCard({ node, onEdit }: { node: DiscussionNode; onEdit: () => void }) {
  const top = [...node.discussion_clusters].sort((a, b) => b.size - a.size).slice(0, 6);
  return (
    <li className="cluster-card">
      <div className="cluster-card__head">
        <h2>{node.name}</h2>
        <span className="cluster-card__id">{`ID ${node.id}`}</span>
      </div>
      {node.description ? <p className="cluster-card__description">{node.description}</p> : null}
      <p className="subtitle">{`${node.discussion_clusters.length} word ${node.discussion_clusters.length === 1 ? 'bubble' : 'bubbles'} · ${usesInWords(node)}`}</p>
      {top.length ? <ul className="cluster-card__words" aria-label={`Largest bubbles of ${node.name}`}>{top.map((b) => <li key={b.id}>{b.name}</li>)}</ul> : null}
      <button type="button" className="button button--secondary" onClick={onEdit} aria-label={`Edit ${node.name}`}>Edit</button>
    </li>
  );
}

/**
 * Discussions Upload (spec 2 §2, §4; issue 30): the client's discussion cluster nodes, a New
 * Discussion button, and the right drawer that creates or edits one, uploads its word bubbles or
 * deletes it.
 */
export function DiscussionsPage({ context }: { context: ContextSlugs }) {
  const nodes = useQuery(discussionNodesQueryOptions(formatContext(context)));
  const online = useOnline();
  const [open, setOpen] = useState<{ id: number | null } | null>(null);
  const editing = open?.id != null ? (nodes.data ?? []).find((n) => n.id === open.id) ?? null : null;
  return (
    <div className="page discussions-page">
      <PageHeader title={DISCUSSION_TEXT.title}>
        <button type="button" className="button button--primary" onClick={() => setOpen({ id: null })} disabled={!online}>{DISCUSSION_TEXT.newDiscussion}</button>
      </PageHeader>
      {online ? null : <p className="upload-offline" role="status">You are offline. Discussion clusters are saved and uploaded once you are back online.</p>}
      {nodes.isPending ? <p role="status">Loading discussion clusters…</p> : null}
      {nodes.isError ? <p role="alert">The discussion clusters could not be loaded. Please try again.</p> : null}
      {nodes.data && nodes.data.length === 0 ? <p className="empty-state">No discussion clusters yet. Create one with New Discussion, then upload its word bubbles.</p> : null}
      {nodes.data && nodes.data.length > 0 ? (
        <ul className="cluster-library" aria-label="Discussion clusters">
          {nodes.data.map((node) => <ClusterCard key={node.id} node={node} onEdit={() => setOpen({ id: node.id })} />)}
        </ul>
      ) : null}
      {open ? (
        <DiscussionDrawer key={open.id ?? 'new'} context={context} node={editing} nodes={nodes.data ?? []} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
