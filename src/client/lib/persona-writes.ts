import { proxy } from 'valtio';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CreatePersonaBody, Persona, UpdatePersonaBody } from '@shared/schemas/explore';
import type { StoredCommand } from './offline/db';
import { enqueue, whenSettled } from './offline/outbox-client';
import { temporaryId } from './offline/outbox-store';

/**
 * Persona writes another feature than Explore makes (the builder's Save as persona), as outbox
 * commands of the entity 'persona'. Explore's persona-commands registers the entity's handler
 * (what the dropdown shows meanwhile) and makes the same commands; this module only queues them,
 * so the builder needs none of Explore's code. The command shape (issue 15 contract):
 * - create: POST /api/personas, body CreatePersonaBody with client_key = the temporary entity id;
 * - edit: PUT /api/personas/{id}, body UpdatePersonaBody without `version` (the outbox sets it
 *   from the command's baseVersion when it sends) and with `base`: what the edit saw of the fields it sets.
 * The same shape as features/explore/persona-commands.ts (createPersona, updatePersona).
 */
export const PERSONA_ENTITY = 'persona';

/**
 * The persona last made on this page, so Explore opens on it when it is next shown without a
 * persona named (issue 27 item 17): its temporary id until the server names it, then its id;
 * gone when the server refuses it.
 */
export const madePersona = proxy({ made: null as null | { context: string; id: number | string } });

/** Explore has opened the persona just made: later visits open the default again. */
export function forgetMadePersona(): void {
  madePersona.made = null;
}

/** Queues a new persona; `id` is its temporary id until the server names it. */
export function enqueuePersonaCreate(context: string, name: string, identifiers: AudienceRules): { id: string; queued: Promise<StoredCommand> } {
  const id = temporaryId();
  const body: CreatePersonaBody = { name: name.trim(), identifiers, default: false, icon: null, client_key: id };
  const queued = enqueue({ entity: PERSONA_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: '/api/personas', body, context, label: `Create persona ${body.name}`, makes: [id] });
  madePersona.made = { context, id };
  void queued.then((command) => whenSettled(command.id)).then(({ applied, data }) => {
    if (madePersona.made?.id !== id) return;
    const made = (data ?? null) as Pick<Persona, 'id'> | null;
    madePersona.made = applied && typeof made?.id === 'number' ? { context, id: made.id } : null;
  }, () => undefined);
  return { id, queued };
}

/** Queues an edit of a persona's name and filters, based on the copy the user edited. */
export function enqueuePersonaUpdate(
  context: string,
  persona: Pick<Persona, 'id' | 'name' | 'identifiers' | 'version'>,
  changes: { name: string; identifiers: AudienceRules },
): Promise<StoredCommand> {
  const body: Omit<UpdatePersonaBody, 'version'> = {
    name: changes.name.trim(),
    identifiers: changes.identifiers,
    base: { name: persona.name, ...(persona.identifiers ? { identifiers: persona.identifiers } : {}) },
  };
  return enqueue({
    entity: PERSONA_ENTITY, entityId: String(persona.id), baseVersion: persona.version, method: 'PUT', path: `/api/personas/${persona.id}`, body, context,
    label: `Save persona ${body.name}`,
  });
}
