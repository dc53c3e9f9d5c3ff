import { canDeleteNode, checkBubbles, checkDiscussionRows, DISCUSSION_COLUMNS, DISCUSSION_TEXT, type Bubble } from '@shared/rules/discussions';
import { checkHeader, UPLOAD_LIMITS, UPLOAD_TEXT, type UploadIssue } from '@shared/rules/uploads';
import type { DiscussionNode, DiscussionNodeBody, DiscussionUploadResult } from '@shared/schemas/discussions';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { AppError, notFound, unavailable } from '../../lib/errors';
import type { RequestAuth } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { ReadBusyError, readInWorker } from '../uploads/read-in-worker';
import * as repo from './discussions-repository';

/**
 * Discussion cluster nodes of a client (spec 2 §2, §4, §5, §7; issue 30): the library, the
 * drawer's save and delete, and the upload that replaces a node's word bubbles. Every call is
 * scoped to the X-Context client; another client's node is not found.
 */

export interface DiscussionScope {
  db: Db;
  auth: RequestAuth;
  clientId: number;
  requestId: string;
}

/** Every node of the client by name, each with its bubbles and what uses it. */
export async function listNodes(db: Executor, clientId: number): Promise<DiscussionNode[]> {
  return described(db, await repo.nodesOf(db, clientId));
}

async function described(db: Executor, nodes: repo.NodeRow[]): Promise<DiscussionNode[]> {
  const ids = nodes.map((n) => n.id);
  const [clusters, audiences, cells] = await Promise.all([repo.clustersOf(db, ids), repo.audiencesUsing(db, ids), repo.cellsUsing(db, ids)]);
  return nodes.map((n) => ({
    id: n.id,
    name: n.name,
    description: n.description,
    discussion_clusters: clusters.filter((c) => c.nodeId === n.id).map((c) => ({ id: c.id, name: c.name, theme: c.theme, reach: c.reach, size: c.size })),
    sub_markets: audiences.filter((a) => a.nodeId === n.id).map(({ id, name }) => ({ id, name })),
    journey_sub_markets: cells.filter((c) => c.nodeId === n.id).map(({ id, name }) => ({ id, name })),
    updated_at: n.updatedAt.toISOString(),
  }));
}

export async function getNode(db: Executor, clientId: number, id: number): Promise<DiscussionNode> {
  const node = await repo.findNode(db, clientId, id);
  if (!node) throw notFound(DISCUSSION_TEXT.notFound);
  return (await described(db, [node]))[0]!;
}

const nameTaken = (err: unknown) => uniqueViolation(err) === 'discussion_cluster_nodes_name_key';

/**
 * The node's fields, and its word bubbles when the body has them (Grow's discussion cluster
 * form): checked by the upload's row rules; any bubble in error refuses the whole save with 422,
 * each error in details.errors by row (bubble n is row n + 2) and column.
 */
function valuesOf(body: DiscussionNodeBody): { name: string; description: string; bubbles: Bubble[] | null } {
  const node = body.discussion_cluster_node;
  const values = { name: node.name.trim(), description: node.description.trim() };
  if (node.discussion_clusters === undefined) return { ...values, bubbles: null };
  const { bubbles, issues } = checkBubbles(node.discussion_clusters);
  if (issues.length > 0) {
    throw new AppError(422, ERROR_CODES.validation, `Word bubble ${issues[0]!.row! - 1}: ${issues[0]!.message.replace(/<[^>]+>/g, '')}`, { errors: issues });
  }
  return { ...values, bubbles };
}

/** Creates or updates a node in one transaction (its bubbles with it), audited; a taken name is a 409. */
async function writeNode(scope: DiscussionScope, id: number | null, body: DiscussionNodeBody): Promise<DiscussionNode> {
  const { bubbles, ...values } = valuesOf(body);
  try {
    const saved = await scope.db.transaction(async (tx) => {
      let nodeId = id;
      if (nodeId === null) nodeId = (await repo.insertNode(tx, scope.clientId, values)).id;
      else {
        if (!(await repo.findNode(tx, scope.clientId, nodeId, true))) throw notFound(DISCUSSION_TEXT.notFound);
        await repo.updateNode(tx, nodeId, values);
      }
      if (bubbles) await repo.replaceClusters(tx, nodeId, bubbles);
      await auditWrite({ ...scope, db: tx }, id === null ? 'discussions.create' : 'discussions.update', `discussion_cluster_node:${nodeId}`, {
        name: values.name,
        ...(bubbles ? { bubbles: bubbles.length } : {}),
      });
      return nodeId;
    });
    return getNode(scope.db, scope.clientId, saved);
  } catch (err) {
    if (nameTaken(err)) throw new AppError(409, ERROR_CODES.conflict, DISCUSSION_TEXT.nameTaken);
    throw err;
  }
}

export const createNode = (scope: DiscussionScope, body: DiscussionNodeBody) => writeNode(scope, null, body);
export const updateNode = (scope: DiscussionScope, id: number, body: DiscussionNodeBody) => writeNode(scope, id, body);

/** Deletes a node no audience or journey cell uses (spec 2 §5); one in use is a 409 naming its uses. */
export async function deleteNode(scope: DiscussionScope, id: number): Promise<void> {
  await scope.db.transaction(async (tx) => {
    const row = await repo.findNode(tx, scope.clientId, id, true);
    if (!row) throw notFound(DISCUSSION_TEXT.notFound);
    const node = (await described(tx, [row]))[0]!;
    if (!canDeleteNode(node)) {
      throw new AppError(409, ERROR_CODES.inUse, DISCUSSION_TEXT.inUse, { uses: [...node.sub_markets, ...node.journey_sub_markets].map((u) => u.name) });
    }
    await repo.deleteNode(tx, id);
    await auditWrite({ ...scope, db: tx }, 'discussions.delete', `discussion_cluster_node:${id}`, { name: row.name });
  });
}

/** The template's header row: the columns by name. */
export const templateHeader = (): string[] => DISCUSSION_COLUMNS.map((c) => c.header);

/** The template's rows: its header, then the node's bubbles (download, change, upload changes exactly that). */
export async function templateRows(db: Executor, clientId: number, id: number): Promise<(string | number | null)[][]> {
  const node = await getNode(db, clientId, id);
  return [templateHeader(), ...node.discussion_clusters.map((b) => [b.name, b.theme, b.reach, b.size])];
}

/**
 * A node's word bubbles from a spreadsheet (spec 2 §4, §5): read in the reading thread, checked
 * row by row, and the valid rows replace the node's bubbles in one transaction. A file whose
 * every row is in error replaces nothing; rows in error are listed and not applied.
 */
export async function uploadBubbles(scope: DiscussionScope, id: number, bytes: Uint8Array): Promise<DiscussionUploadResult> {
  if (!(await repo.findNode(scope.db, scope.clientId, id))) throw notFound(DISCUSSION_TEXT.notFound);
  let read;
  try {
    read = await readInWorker({ bytes, sheet: DISCUSSION_TEXT.sheet, columns: DISCUSSION_COLUMNS.length });
  } catch (err) {
    if (err instanceof ReadBusyError) throw unavailable(err.message);
    throw err;
  }
  if (!read.ok) throw new AppError(read.status, read.status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation, read.message);
  const headerProblem = checkHeader({ columns: DISCUSSION_COLUMNS }, read.header);
  if (headerProblem) throw new AppError(422, ERROR_CODES.validation, headerProblem.replace(/Download the template again/, 'Download the cluster\'s template again'));
  const merged: UploadIssue[] = read.merged.map((m) => ({ column: m.column, row: m.row, message: UPLOAD_TEXT.merged(m.range) }));
  const mergedRows = new Set(read.merged.map((m) => m.row));
  const { bubbles, issues, rows } = checkDiscussionRows(read.rows.map((cells, i) => (mergedRows.has(i + 2) ? [] : cells)));
  const all = [...merged, ...issues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? '').localeCompare(b.column ?? ''));
  const total = rows + mergedRows.size;
  if (total === 0) throw new AppError(422, ERROR_CODES.validation, UPLOAD_TEXT.noRows);
  let updated: DiscussionUploadResult['data']['updated'] = [];
  if (bubbles.length === 0) all.unshift({ column: null, row: null, message: DISCUSSION_TEXT.nothingReplaced });
  else {
    const node = await scope.db.transaction(async (tx) => {
      const row = await repo.findNode(tx, scope.clientId, id, true);
      if (!row) throw notFound(DISCUSSION_TEXT.notFound);
      await repo.replaceClusters(tx, id, bubbles);
      await auditWrite({ ...scope, db: tx }, 'discussions.upload', `discussion_cluster_node:${id}`, { bubbles: bubbles.length, rows: total });
      return row;
    });
    updated = [{ id: node.id, name: node.name, bubbles: bubbles.length }];
  }
  return {
    data: { updated, rows: total, applied: bubbles.length, more_errors: Math.max(0, all.length - UPLOAD_LIMITS.errorsListed) },
    errors: all.slice(0, UPLOAD_LIMITS.errorsListed),
  };
}
