import { EXPLORE_LIMITS } from '@shared/rules/explore';
import type { FieldConflict } from '@shared/rules/merge';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { CreateWidgetBody, CustomWidget, UpdateWidgetBody } from '@shared/schemas/explore';
import { AppError } from '../../lib/errors';
import { claimExact, claimMerged, type Claimable } from '../../lib/versioned';
import { auditWrite } from '../audit/audit-repository';
import { invalid } from '../grow/grow-common';
import { personaInScope, productScope, widgetNotFound, type Answer, type ExploreScope } from './explore-common';
import * as repo from './explore-repository';
import { toWidget } from './explore-views';

/**
 * Custom widgets of Explore's Market Level (spec 3 §2.1), under a persona of the X-Context
 * product and region: each versioned on its own, edits merged over a newer version as Grow's.
 */

const audit = (scope: ExploreScope, action: string, id: number, details: Record<string, unknown>) => auditWrite(scope, `explore.widget.${action}`, `custom_widget:${id}`, details);

export async function listWidgets(scope: ExploreScope, personaId: number): Promise<CustomWidget[]> {
  const persona = await personaInScope(scope, personaId);
  return (await repo.widgetsOf(scope.db, persona.id)).map(toWidget);
}

export async function createWidget(scope: ExploreScope, body: CreateWidgetBody): Promise<Answer<CustomWidget>> {
  const persona = await personaInScope(scope, body.persona_id);
  const { count, last } = await repo.widgetStats(scope.db, persona.id);
  if (count >= EXPLORE_LIMITS.widgets) throw invalid([{ field: 'persona_id', message: `A persona can have at most ${EXPLORE_LIMITS.widgets} custom widgets` }]);
  const [row] = await repo.insertWidgets(scope.db, [{ personaId: persona.id, kind: body.kind, name: body.name, tab: body.tab, rows: body.rows, position: last + 1 }]);
  if (!row) throw new Error('insert returned no widget');
  await audit(scope, 'create', row.id, { persona_id: persona.id, name: row.name, version: row.version });
  return { data: toWidget(row), ...(body.client_key ? { meta: { created: { [body.client_key]: row.id } } } : {}) };
}

function claimableWidget(scope: ExploreScope, id: number): Claimable<repo.WidgetRow> {
  return {
    claim: (version) => repo.claimWidget(scope.db, productScope(scope), id, version),
    current: async () => {
      const row = await repo.findWidget(scope.db, productScope(scope), id);
      if (!row) throw widgetNotFound(id);
      return row;
    },
    conflict: async (current: repo.WidgetRow, conflicts?: FieldConflict[]) =>
      new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('custom widget'), { current: toWidget(current), ...(conflicts ? { conflicts } : {}) }),
  };
}

export async function updateWidget(scope: ExploreScope, id: number, sent: UpdateWidgetBody): Promise<Answer<CustomWidget>> {
  const mine = Object.fromEntries(Object.entries({ name: sent.name, tab: sent.tab, rows: sent.rows }).filter(([, v]) => v !== undefined)) as Partial<repo.WidgetValues>;
  const { row: current, values } = await claimMerged(claimableWidget(scope, id), sent, mine, (row) => ({ name: row.name, tab: row.tab, rows: row.rows }), 'custom widget');
  const row = Object.keys(values).length ? await repo.updateWidget(scope.db, current.id, values) : current;
  await audit(scope, 'update', id, { name: row.name, version: row.version, fields: Object.keys(mine) });
  return { data: toWidget(row) };
}

/** Deletes the widget; answers it as it was, at the next version. */
export async function deleteWidget(scope: ExploreScope, id: number, version: number): Promise<Answer<CustomWidget>> {
  const row = await claimExact(claimableWidget(scope, id), version);
  await repo.deleteWidget(scope.db, id);
  await audit(scope, 'delete', id, { name: row.name, version: row.version });
  return { data: toWidget(row) };
}
