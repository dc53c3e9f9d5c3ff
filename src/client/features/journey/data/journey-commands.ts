import type { Journey, JourneyBody } from '@shared/schemas/journeys';
import type { StoredCommand } from '../../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../../lib/offline/outbox-client';
import { temporaryId } from '../../../lib/offline/outbox-store';
import { applyToJourney, applyToJourneyList, parseJourneyPath, settleJourney, settleJourneyList, type JourneySummaryView, type JourneyView } from './journey-edits';
import { JOURNEY_ENTITY, journeyKeys } from './journey-keys';

/**
 * Every journey write is one command on its journey (entity 'journey'), sent through the outbox:
 * shown at once, kept on the device, sent in order when the network allows (decisions 007, 013):
 * - create: POST /api/journeys, the whole journey; the answer's meta.created maps the journey's,
 *   brands' and stages' temporary keys to their ids, which the outbox writes into later commands;
 * - edit: PUT /api/journeys/{id}, the whole journey and `base` (the outbox adds `version`);
 * - copy: POST /api/journeys/{id}/copy { name? } (a new journey under a temporary id);
 * - delete: DELETE /api/journeys/{id} (the outbox adds `?version=`);
 * - remove invalid audiences: POST /api/journeys/{id}/remove-invalid (the outbox adds `version`).
 */
export { JOURNEY_ENTITY };

type Cached = JourneyView | JourneySummaryView[];

const journeyHandler: EntityHandler<Cached> = {
  queryKeys: (command) => {
    const context = command.context ?? '';
    const id = parseJourneyPath(command.path).journeyId ?? command.entityId;
    return [journeyKeys.list(context), journeyKeys.journey(context, id), journeyKeys.journey(context, command.entityId)];
  },
  apply: (data, command) => (Array.isArray(data) ? applyToJourneyList(data, command) : applyToJourney(data, command)),
  settle(data, command, serverCopy) {
    const deleted = command.method === 'DELETE';
    const copy = deleted ? null : (serverCopy as Journey | null);
    if (Array.isArray(data)) return !deleted && !copy ? data : settleJourneyList(data, command.entityId, copy);
    return settleJourney(data, command.entityId, copy);
  },
};
registerEntity(JOURNEY_ENTITY, journeyHandler);

/** The journey as the user sees it (pending edits included): what a write says it was based on. */
export interface JourneyTarget {
  id: number | string;
  version: number;
  name: string;
}

const path = (j: Pick<JourneyTarget, 'id'>) => `/api/journeys/${j.id}`;

/** The temporary keys a body names (its new brands and stages): a later command naming one depends on this one. */
function keysOf(body: JourneyBody): string[] {
  return [...body.brands, ...body.stages].map((i) => i.id).filter((id): id is string => typeof id === 'string' && id.startsWith('tmp-'));
}

const trimmed = (body: JourneyBody): JourneyBody => ({ ...body, name: body.name.trim() });

/** Queues a new journey; `id` is its temporary id until the server names it. */
export function createJourney(context: string, body: JourneyBody): { id: string; queued: Promise<StoredCommand> } {
  const id = temporaryId();
  const sent = trimmed(body);
  return {
    id,
    queued: enqueue({ entity: JOURNEY_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/journeys', body: sent, context, label: `Save journey ${sent.name}`, makes: [id, ...keysOf(sent)] }),
  };
}

/** Queues an edit of the whole journey, with what the user loaded (`base`) for the server to merge over a newer version. */
export function updateJourney(context: string, target: JourneyTarget, body: JourneyBody, base: JourneyBody): Promise<StoredCommand> {
  const sent = trimmed(body);
  return enqueue({
    entity: JOURNEY_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'PUT', path: path(target), body: { ...sent, base }, context,
    label: `Save journey ${sent.name}`, makes: keysOf(sent),
  });
}

/** Queues a copy (the server names it unless `name` is given); `id` is the copy's temporary id. */
export function copyJourney(context: string, source: JourneyTarget, name?: string): { id: string; queued: Promise<StoredCommand> } {
  const id = temporaryId();
  const body = name === undefined ? {} : { name: name.trim() };
  return {
    id,
    queued: enqueue({ entity: JOURNEY_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: `${path(source)}/copy`, body, context, label: `Duplicate journey ${source.name}`, makes: [id] }),
  };
}

export const deleteJourney = (context: string, target: JourneyTarget): Promise<StoredCommand> =>
  enqueue({ entity: JOURNEY_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'DELETE', path: path(target), context, label: `Delete journey ${target.name}` });

/** 'Remove Invalid Audience(s)': clears every cell's deleted or missing segment. */
export const removeInvalidCells = (context: string, target: JourneyTarget): Promise<StoredCommand> =>
  enqueue({
    entity: JOURNEY_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'POST', path: `${path(target)}/remove-invalid`, body: {}, context,
    label: `Remove invalid audiences of ${target.name}`,
  });
