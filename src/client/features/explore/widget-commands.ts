import type { CreateWidgetBody, CustomWidget, UpdateWidgetBody } from '@shared/schemas/explore';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { exploreKeys, WIDGET_ENTITY } from './explore-keys';
import { applyToWidgets, type WidgetView } from './persona-edits';

/**
 * Market Level widget writes (entity 'custom_widget'), through the outbox like personas'. The
 * command's item names the persona ('persona:{id}:widget:{id}'), so the handler finds the
 * cached widget list it changes without reading the body.
 */
export { WIDGET_ENTITY };

const personaOf = (command: { item?: string }) => (command.item ?? '').split(':')[1] ?? '';

const widgetHandler: EntityHandler<WidgetView[]> = {
  queryKeys: (command) => [exploreKeys.widgets(command.context ?? '', personaOf(command))],
  apply: (data, command) => applyToWidgets(data, command),
  settle(data, command, serverCopy) {
    const copy = command.method === 'DELETE' ? null : (serverCopy as CustomWidget | null);
    const without = data.filter((w) => String(w.id) !== command.entityId);
    if (!copy) return command.method === 'DELETE' ? without : data;
    return [...without.filter((w) => w.id !== copy.id), copy].sort((a, b) => a.order - b.order);
  },
};
registerEntity(WIDGET_ENTITY, widgetHandler);

export type WidgetTarget = Pick<WidgetView, 'id' | 'version' | 'name' | 'tab' | 'rows' | 'persona_id'>;
const item = (personaId: number | string, widgetId: number | string) => `persona:${personaId}:widget:${widgetId}`;

export function createWidget(context: string, body: Omit<CreateWidgetBody, 'client_key'>) {
  const id = temporaryId();
  return {
    id,
    queued: enqueue({
      entity: WIDGET_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/widgets', body: { ...body, client_key: id }, context,
      label: `Add widget ${body.name}`, item: item(body.persona_id, id), makes: [id],
    }),
  };
}

export const updateWidget = (context: string, widget: WidgetTarget, fields: Omit<UpdateWidgetBody, 'version' | 'base'>) =>
  enqueue({
    entity: WIDGET_ENTITY, entityId: String(widget.id), baseVersion: widget.version, method: 'PUT', path: `/api/widgets/${widget.id}`,
    body: { ...fields, base: { name: widget.name, tab: widget.tab, rows: widget.rows } }, context, label: `Edit widget ${widget.name}`, item: item(widget.persona_id, widget.id),
  });

export const deleteWidget = (context: string, widget: WidgetTarget) =>
  enqueue({
    entity: WIDGET_ENTITY, entityId: String(widget.id), baseVersion: widget.version, method: 'DELETE', path: `/api/widgets/${widget.id}`, context,
    label: `Delete widget ${widget.name}`, item: item(widget.persona_id, widget.id),
  });
