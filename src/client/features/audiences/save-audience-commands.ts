import { HOME_AUDIENCE_LIMITS } from '@shared/constants';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import type { SaveAudienceBody } from '@shared/schemas/grow';
import type { HomeEntity } from '@shared/schemas/home';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';

/**
 * Saving an audience (Save Audience, audiences/builder) goes through the outbox (issue 4): it is
 * on the device at once, shows as a pending edit, and is sent when the network allows.
 */
export const SAVED_AUDIENCE_ENTITY = 'saved_audience';

/** The server's limits on an audience's fields (trimmed). */
export const AUDIENCE_LIMITS = { name: 100, description: 1000 } as const;

export interface AudienceDraft {
  name: string;
  description: string;
}

export interface DraftIssue {
  field: 'name' | 'description';
  message: string;
}

/** The same rules as the server, with its messages: a name is required, trimmed, at most 100; a description at most 1000. */
export function validateAudienceDraft(draft: AudienceDraft): DraftIssue[] {
  const issues: DraftIssue[] = [];
  const name = draft.name.trim();
  if (name.length === 0) issues.push({ field: 'name', message: AUDIENCE_TEXT.nameRequired });
  else if (name.length > AUDIENCE_LIMITS.name) issues.push({ field: 'name', message: AUDIENCE_TEXT.nameTooLong });
  if (draft.description.trim().length > AUDIENCE_LIMITS.description) issues.push({ field: 'description', message: AUDIENCE_TEXT.descriptionTooLong });
  return issues;
}

/** The POST /api/audiences body of a valid draft. */
export function saveAudienceBody(draft: AudienceDraft, rules: AudienceRules, referer: string | undefined): SaveAudienceBody {
  return { name: draft.name.trim(), description: draft.description.trim(), rules, ...(referer ? { referer: referer.slice(0, 50) } : {}) };
}

/** A home-page row as the outbox shows it: an audience saved on this device has a temporary id until the server names it. */
export type AudienceRowView = Omit<HomeEntity, 'id'> & { id: number | string; pending?: boolean };

/** The server's answer to POST /api/audiences (savedAudienceSchema), as far as the home list needs it. */
interface SavedAudienceCopy {
  id: number;
  name: string;
  people_count: number;
  created_at: string;
}

const isSavedCopy = (value: unknown): value is SavedAudienceCopy =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number' && typeof (value as { name?: unknown }).name === 'string';

const rowOf = (copy: SavedAudienceCopy): AudienceRowView => ({
  id: copy.id,
  name: copy.name,
  type: 'audience',
  audience_type: null,
  created_at: copy.created_at,
  count: { people: { global: typeof copy.people_count === 'number' ? copy.people_count : null } },
  source_identifier: null,
});

/** A list that was full (at one of the home page's limits) stays that long: the newest comes in, the oldest goes. */
function prepend(rows: readonly AudienceRowView[], row: AudienceRowView): AudienceRowView[] {
  const full = (HOME_AUDIENCE_LIMITS as readonly number[]).includes(rows.length);
  const next = [row, ...rows.filter((r) => String(r.id) !== String(row.id))];
  return full ? next.slice(0, rows.length) : next;
}

/** The home page's latest audiences of the command's product context show a saved audience. */
export const savedAudienceHandler: EntityHandler<AudienceRowView[]> = {
  queryKeys: (command) => [['home-entities', command.context ?? '']],
  apply(rows, command) {
    if (command.method !== 'POST') return rows;
    const body = (command.body ?? {}) as Partial<SaveAudienceBody>;
    return prepend(rows, {
      id: command.entityId,
      name: body.name ?? '',
      type: 'audience',
      audience_type: null,
      created_at: new Date(command.createdAt).toISOString(),
      count: { people: { global: null } },
      source_identifier: null,
      pending: true,
    });
  },
  settle(rows, command, serverCopy) {
    const without = rows.filter((r) => String(r.id) !== command.entityId);
    return isSavedCopy(serverCopy) ? prepend(without, rowOf(serverCopy)) : without;
  },
};
registerEntity(SAVED_AUDIENCE_ENTITY, savedAudienceHandler);

/** Queues the save; it is on the device when this resolves. `context` is the product's X-Context. */
export function saveAudience(context: string, draft: AudienceDraft, rules: AudienceRules, referer: string | undefined): Promise<StoredCommand> {
  const body = saveAudienceBody(draft, rules, referer);
  return enqueue({
    entity: SAVED_AUDIENCE_ENTITY, entityId: temporaryId(), baseVersion: null, method: 'POST',
    path: '/api/audiences', body, context, label: `Save audience ${body.name}`,
  });
}
