import type { Comparison, ComparisonMember } from '@shared/schemas/audiences';
import { bodyOf, idInPath, type EditBody, type QueuedEdit } from '../../lib/offline/queued-edit';

/**
 * What a queued comparison edit does to what the Overlap page shows before the server has it
 * (decision 007's optimistic view). Pure: the outbox handler applies these to the cached list
 * and the open comparison. A comparison made offline carries its temporary key as id, and has
 * no counts until the server has counted it; a change of members drops the old counts (they
 * were of other members).
 */
export type ComparisonView = Omit<Comparison, 'id'> & { id: number | string; pending?: boolean };

type Edit = QueuedEdit;
type Body = EditBody;

/** /api/comparisons[/:id] */
export const parseComparisonPath = idInPath;

/** By name, as the list shows them. */
export function sortComparisons<C extends { name: string; id: number | string }>(list: readonly C[]): C[] {
  return [...list].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || String(a.id).localeCompare(String(b.id)));
}

const isMembers = (v: unknown): v is ComparisonMember[] => Array.isArray(v) && v.every((m) => typeof m === 'object' && m !== null && 'kind' in m && 'id' in m);

function edited(c: ComparisonView, body: Body, at: number): ComparisonView {
  const next: ComparisonView = { ...c, pending: true, updated_at: new Date(at).toISOString() };
  if (typeof body.name === 'string') next.name = body.name.trim();
  if (isMembers(body.members)) {
    const same = body.members.length === c.members.length && body.members.every((m, i) => m.kind === c.members[i]?.kind && m.id === c.members[i]?.id);
    next.members = body.members;
    if (!same) {
      next.result = null;
      next.error = null;
    }
  }
  return next;
}

/** The comparison list with an edit applied. */
export function applyToComparisonList(list: readonly ComparisonView[], edit: Edit): ComparisonView[] {
  const id = parseComparisonPath(edit.path) ?? edit.entityId;
  const body = bodyOf(edit);
  if (edit.method === 'DELETE') return list.filter((c) => String(c.id) !== id);
  if (edit.method === 'PUT') return sortComparisons(list.map((c) => (String(c.id) === id ? edited(c, body, edit.createdAt) : c)));
  const made: ComparisonView = {
    id: edit.entityId,
    name: typeof body.name === 'string' ? body.name.trim() : '',
    members: isMembers(body.members) ? body.members : [],
    result: null,
    error: null,
    version: 1,
    created_by: null,
    updated_at: new Date(edit.createdAt).toISOString(),
    pending: true,
  };
  return sortComparisons([...list.filter((c) => String(c.id) !== edit.entityId), made]);
}

/** The open comparison with an edit of it applied (a delete leaves it: the page leaves it). */
export function applyToComparison(c: ComparisonView, edit: Edit): ComparisonView {
  if (edit.method !== 'PUT' || String(c.id) !== (parseComparisonPath(edit.path) ?? edit.entityId)) return c;
  return edited(c, bodyOf(edit), edit.createdAt);
}

/** The list once the server has its copy of the edited comparison (null: it is gone). */
export function settleComparisonList(list: readonly ComparisonView[], entityId: string, copy: Comparison | null): ComparisonView[] {
  const without = list.filter((c) => String(c.id) !== entityId && (copy === null || c.id !== copy.id));
  return sortComparisons(copy ? [...without, copy] : without);
}
