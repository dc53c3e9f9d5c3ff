import type { Comparison, ComparisonMember } from '@shared/schemas/audiences';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { applyToComparison, applyToComparisonList, parseComparisonPath, settleComparisonList, type ComparisonView } from './comparison-edits';
import { COMPARISON_ENTITY, overlapKeys } from './overlap-keys';

/**
 * Every comparison write is a command on its comparison (entity 'comparison'), sent through the
 * outbox: shown at once, kept on the device, sent in order when the network allows (decision
 * 007). The shape (issue 16 contract, src/shared/schemas/audiences.ts):
 * - create: POST /api/comparisons, body { name, members };
 * - edit: PUT /api/comparisons/{id}, body { name?, members? } (the outbox adds `version`);
 * - delete: DELETE /api/comparisons/{id} (the outbox adds `?version=`).
 */
export { COMPARISON_ENTITY };

type Cached = ComparisonView | ComparisonView[];

const comparisonHandler: EntityHandler<Cached> = {
  queryKeys: (command) => {
    const context = command.context ?? '';
    const id = parseComparisonPath(command.path) ?? command.entityId;
    return [overlapKeys.comparisons(context), overlapKeys.comparison(context, id), overlapKeys.comparison(context, command.entityId)];
  },
  apply: (data, command) => (Array.isArray(data) ? applyToComparisonList(data, command) : applyToComparison(data, command)),
  settle(data, command, serverCopy) {
    const copy = command.method === 'DELETE' ? null : (serverCopy as Comparison | null);
    if (Array.isArray(data)) return command.method !== 'DELETE' && !copy ? data : settleComparisonList(data, command.entityId, copy);
    return copy && copy.id === data.id ? copy : data;
  },
};
registerEntity(COMPARISON_ENTITY, comparisonHandler);

/** The comparison as the user sees it (pending edits included): what an edit is based on. */
export type ComparisonTarget = Pick<ComparisonView, 'id' | 'version' | 'name'>;

const path = (c: Pick<ComparisonView, 'id'>) => `/api/comparisons/${c.id}`;

/** Queues a new comparison; `id` is its temporary id until the server names it. */
export function createComparison(context: string, name: string, members: ComparisonMember[]): { id: string; queued: Promise<StoredCommand> } {
  const id = temporaryId();
  const body = { name: name.trim(), members };
  return { id, queued: enqueue({ entity: COMPARISON_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/comparisons', body, context, label: `Save comparison ${body.name}`, makes: [id] }) };
}

/** Queues a rename or a change of members. */
export function updateComparison(context: string, target: ComparisonTarget, fields: { name?: string; members?: ComparisonMember[] }, label?: string): Promise<StoredCommand> {
  const body = { ...(fields.name !== undefined ? { name: fields.name.trim() } : {}), ...(fields.members ? { members: fields.members } : {}) };
  return enqueue({
    entity: COMPARISON_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'PUT', path: path(target), body, context,
    label: label ?? `Edit comparison ${body.name ?? target.name}`,
  });
}

export const deleteComparison = (context: string, target: ComparisonTarget) =>
  enqueue({ entity: COMPARISON_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'DELETE', path: path(target), context, label: `Delete comparison ${target.name}` });
