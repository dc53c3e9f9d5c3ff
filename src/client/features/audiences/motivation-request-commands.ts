import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { MotivationRequestBody } from '@shared/schemas/explore';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';

/**
 * Requesting a motivation audience (the motivation builder, issue 15) goes through the outbox:
 * on the device at once, sent when the network allows. No page lists requests yet (issue 16),
 * so the handler touches no cache.
 */
export const MOTIVATION_ENTITY = 'motivation_audience';

export const motivationHandler: EntityHandler<unknown> = {
  queryKeys: () => [],
  apply: (data) => data,
  settle: (data) => data,
};
registerEntity(MOTIVATION_ENTITY, motivationHandler);

export function motivationRequestBody(name: string, description: string, rules: AudienceRules): MotivationRequestBody {
  return { motivation_audience: { name: name.trim(), description: description.trim(), rules } };
}

export function requestMotivationAudience(context: string, name: string, description: string, rules: AudienceRules): Promise<StoredCommand> {
  const body = motivationRequestBody(name, description, rules);
  return enqueue({
    entity: MOTIVATION_ENTITY, entityId: temporaryId(), baseVersion: null, method: 'POST', path: '/api/motivation-audiences', body, context,
    label: `Request motivation audience ${body.motivation_audience.name}`,
  });
}
