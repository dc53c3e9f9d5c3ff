import { parseContextHeader } from '@shared/rules/context';
import { retryFields } from '@shared/rules/refusals';
import type { Curve, Scenario, ScenarioBody } from '@shared/schemas/plans';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { curveKeys, scenarioKeys } from '../../lib/plan-queries';
import { queryClient } from '../../lib/query-client';
import { applyToScenarioList, settleScenarioList, type ScenarioView } from './scenario-edits';

/**
 * Every saved-scenario write is a command on its scenario (entity 'scenario'), sent through the
 * outbox (decision 007): shown at once in the saved scenarios, kept on the device, sent in order
 * when the server can be reached, so a planner saves at a client meeting with no network. The
 * shape (src/shared/schemas/plans.ts):
 * - save new: POST /api/scenarios, body ScenarioBody;
 * - save again: PUT /api/scenarios/{id}, body ScenarioBody (the outbox adds `version`);
 * - delete: DELETE /api/scenarios/{id} (the outbox adds `?version=`).
 */
export const SCENARIO_ENTITY = 'scenario';

/** The product's curves as this device holds them, for the figures of a scenario not yet sent. */
function curvesOf(context: string | null): Curve[] | null {
  const slugs = parseContextHeader(context);
  return slugs ? (queryClient.getQueryData<Curve[]>(curveKeys.list(slugs)) ?? null) : null;
}

const scenarioHandler: EntityHandler<ScenarioView[]> = {
  queryKeys: (command) => {
    const slugs = parseContextHeader(command.context);
    return slugs ? [scenarioKeys.list(slugs)] : [];
  },
  apply: (data, command) => applyToScenarioList(data, command, curvesOf(command.context)),
  settle: (data, command, serverCopy) => {
    const copy = command.method === 'DELETE' ? null : (serverCopy as Scenario | null);
    return command.method !== 'DELETE' && !copy ? data : settleScenarioList(data, command.entityId, copy);
  },
  // "Edit and retry" (issue 27) offers what the planner typed: the name and the total budget (a
  // name taken meanwhile, a budget past the limit); the weeks come from the plan and Optimise.
  retryFields: (command) => retryFields(command.body)
    .filter((f) => f.path === 'name' || f.path === 'budget')
    .map((f) => ({ ...f, label: f.path === 'name' ? 'Scenario name' : 'Total budget' })),
};
registerEntity(SCENARIO_ENTITY, scenarioHandler);

/** A scenario as the planner has it open: what a save again or a delete is based on. */
export type ScenarioTarget = Pick<ScenarioView, 'id' | 'version' | 'name'>;

const pathOf = (target: Pick<ScenarioTarget, 'id'>) => `/api/scenarios/${target.id}`;

/** Queues a new scenario; `id` is its temporary id until the server names it. */
export function saveNewScenario(context: string, body: ScenarioBody): { id: string; queued: Promise<StoredCommand> } {
  const id = temporaryId();
  return { id, queued: enqueue({ entity: SCENARIO_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/scenarios', body, context, label: `Save scenario ${body.name}`, makes: [id] }) };
}

/** Queues a save of an opened scenario over the version it was opened at. */
export const saveScenarioAgain = (context: string, target: ScenarioTarget, body: ScenarioBody): Promise<StoredCommand> =>
  enqueue({ entity: SCENARIO_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'PUT', path: pathOf(target), body, context, label: `Save scenario ${body.name}` });

export const deleteSavedScenario = (context: string, target: ScenarioTarget): Promise<StoredCommand> =>
  enqueue({ entity: SCENARIO_ENTITY, entityId: String(target.id), baseVersion: target.version, method: 'DELETE', path: pathOf(target), context, label: `Delete scenario ${target.name}` });

