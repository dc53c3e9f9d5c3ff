import { monthTitle, OUTCOMES, OUTCOMES_TEXT, type YearMonth } from '@shared/rules/outcomes';
import { recordOutcomesResponseSchema, type CreateOutcomeTimeframeBody, type OutcomeTimeframe, type UpdateOutcomeTimeframeBody } from '@shared/schemas/outcomes';
import { parseContextHeader } from '@shared/rules/context';
import { api } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-error';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { acknowledgement, type Acknowledgement } from '../../lib/offline/save-acknowledgement';
import { applyToTimeframes, parseTimeframePath, settleTimeframes, type OutcomeTimeframesView } from './measure-edits';
import { measureKeys, OUTCOME_TIMEFRAME_ENTITY } from './measure-keys';

/**
 * Every timeframe write is one command on its timeframe (entity 'outcome_timeframe'), sent through
 * the outbox: shown at once, kept on the device, sent when the network allows (decisions 007, 014):
 * - add: POST /api/mekkos/{mekkoId}/outcome-timeframes (a new timeframe under a temporary id);
 * - edit: PUT /api/outcome-timeframes/{id} with `base`, the figures as loaded (the outbox adds `version`);
 * - delete: DELETE /api/outcome-timeframes/{id} (the outbox adds `?version=`).
 * A save the server refuses shows §8's text for 6 s. 'Record this month' is a direct call: it
 * needs the server's job queue.
 */
export { OUTCOME_TIMEFRAME_ENTITY };

const timeframesHandler: EntityHandler<OutcomeTimeframesView> = {
  // An edit or delete names the timeframe, not its chart: every chart's list of the context is looked at (each ignores what is not its own).
  queryKeys: (command) => [measureKeys.timeframes(command.context ?? '')],
  apply: (data, command) => applyToTimeframes(data, command),
  settle(data, command, serverCopy) {
    if (command.method === 'DELETE') return settleTimeframes(data, parseTimeframePath(command.path).timeframeId ?? command.entityId, null);
    return serverCopy ? settleTimeframes(data, command.entityId, serverCopy as OutcomeTimeframe) : data;
  },
  // §8: a refused save says this, for 6 s, and nothing else (the sync panel keeps the server's reason).
  refusalNotice: () => ({ title: OUTCOMES_TEXT.saveFailed, durationMs: OUTCOMES.saveFailureMs, tone: 'error' }),
};
registerEntity(OUTCOME_TIMEFRAME_ENTITY, timeframesHandler);

/** The timeframe a write is of, as the page shows it. */
export interface TimeframeTarget extends YearMonth {
  id: number | string;
  version: number;
  mekkoId: number;
}

/**
 * Follows a queued save: `outcome` says how it went ('applied', 'refused', 'queued' on the
 * device, or 'conflict' for the sync panel). A refusal is told once, by the outbox with the
 * handler's refusalNotice (§8's text for 6 s), whenever it comes: now, or after a reconnect.
 */
function follow(command: Promise<StoredCommand>): { queued: Promise<StoredCommand>; outcome: Promise<Acknowledgement> } {
  const outcome = command.then(
    (stored) => acknowledgement(stored.id).outcome,
    (): Acknowledgement => 'refused',
  );
  return { queued: command, outcome };
}

/** Queues a new timeframe of a chart; `id` is its temporary id until the server names it. */
export function createTimeframe(context: string, mekkoId: number, body: CreateOutcomeTimeframeBody) {
  const id = temporaryId();
  const fields = { ...body.outcome_timeframe, mekko_id: mekkoId };
  const month = monthTitle({ year: fields.year, month: fields.month + 1 });
  return {
    id,
    ...follow(enqueue({
      entity: OUTCOME_TIMEFRAME_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: `/api/mekkos/${mekkoId}/outcome-timeframes`,
      body: { outcome_timeframe: fields }, context, label: `Add the ${month} timeframe`, makes: [id],
    })),
  };
}

/**
 * Queues an edit of a timeframe's figures, with `base` (outcomeFieldValues of what the user
 * loaded) for the server to merge over a newer version figure by figure.
 */
export function updateTimeframe(context: string, target: TimeframeTarget, body: Pick<UpdateOutcomeTimeframeBody, 'outcome_timeframe'>, base: Record<string, number>) {
  return follow(enqueue({
    entity: OUTCOME_TIMEFRAME_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'PUT', path: `/api/outcome-timeframes/${target.id}`,
    body: { outcome_timeframe: { ...body.outcome_timeframe, mekko_id: target.mekkoId }, base }, context, label: `Save the ${monthTitle(target)} timeframe`,
  }));
}

export function deleteTimeframe(context: string, target: TimeframeTarget) {
  return follow(enqueue({
    entity: OUTCOME_TIMEFRAME_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'DELETE', path: `/api/outcome-timeframes/${target.id}`,
    context, label: `Delete the ${monthTitle(target)} timeframe`,
  }));
}

export const RECORD_NEEDS_NETWORK = 'Recording this month needs the server: try again when you are online.';

/** 'Record this month': queues the record job on the server (every chart of the product). Refused offline. */
export async function recordOutcomes(context: string) {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new ApiRequestError(0, 'OFFLINE', RECORD_NEEDS_NETWORK);
  return (await api('/api/outcome-timeframes/record', recordOutcomesResponseSchema, { method: 'POST', body: {}, context: parseContextHeader(context) })).data;
}
