import type { Persona, UpdatePersonaBody } from '@shared/schemas/explore';
import type { StoredCommand } from '../../lib/offline/db';
import { enqueue, registerEntity, type EntityHandler } from '../../lib/offline/outbox-client';
import { temporaryId } from '../../lib/offline/outbox-store';
import { exploreKeys, PERSONA_ENTITY } from './explore-keys';
import { applyToPersona, applyToPersonaList, parsePersonaPath, sortPersonas, type PersonaSummaryView, type PersonaView } from './persona-edits';

/**
 * Every persona write is a command on its persona (entity 'persona'), sent through the outbox:
 * shown at once, kept on the device, sent in order when the network allows (decision 007).
 */
export { PERSONA_ENTITY };

type Cached = PersonaView | PersonaSummaryView[];
const summaryOf = (p: Persona): PersonaSummaryView => {
  const { segments: _segments, values: _values, ...summary } = p;
  return summary;
};

const personaHandler: EntityHandler<Cached> = {
  queryKeys: (command) => {
    const context = command.context ?? '';
    const { personaId } = parsePersonaPath(command.path);
    return [exploreKeys.personas(context), exploreKeys.persona(context, personaId ?? command.entityId), exploreKeys.persona(context, command.entityId)];
  },
  apply(data, command) {
    if (Array.isArray(data)) return applyToPersonaList(data, command);
    return applyToPersona(data, command);
  },
  settle(data, command, serverCopy) {
    const deleted = command.method === 'DELETE';
    const copy = deleted ? null : (serverCopy as Persona | null);
    if (Array.isArray(data)) {
      const without = data.filter((p) => String(p.id) !== command.entityId);
      if (!copy) return deleted ? without : data;
      const rest = without.filter((p) => p.id !== copy.id).map((p) => (copy.default ? { ...p, default: false } : p));
      return sortPersonas([...rest, summaryOf(copy)]);
    }
    return copy && copy.id === data.id ? copy : data;
  },
};
registerEntity(PERSONA_ENTITY, personaHandler);

/** The persona as the user sees it (pending edits included): what an edit says it was based on. */
export type PersonaTarget = Pick<PersonaView, 'id' | 'version' | 'name' | 'default' | 'icon'> & Partial<Pick<PersonaView, 'identifiers'>>;

const path = (persona: Pick<PersonaView, 'id'>) => `/api/personas/${persona.id}`;

/** New personas are made in the builder (lib/persona-writes' enqueuePersonaCreate), through this entity. */
type Fields = Omit<UpdatePersonaBody, 'version' | 'base'>;

/** An edit names what it saw of the fields it sets, so the server merges it over a newer version. */
export function updatePersona(context: string, persona: PersonaTarget, fields: Fields, label = `Edit persona ${persona.name}`): Promise<StoredCommand> {
  const seen: Record<string, unknown> = { name: persona.name, default: persona.default, icon: persona.icon, identifiers: persona.identifiers };
  const base = Object.fromEntries(Object.keys(fields).filter((k) => seen[k] !== undefined).map((k) => [k, seen[k]]));
  return enqueue({ entity: PERSONA_ENTITY, entityId: String(persona.id), baseVersion: persona.version, method: 'PUT', path: path(persona), body: { ...fields, base }, context, label });
}

export const makeDefaultPersona = (context: string, persona: PersonaTarget) => updatePersona(context, persona, { default: true }, `Make persona ${persona.name} default`);

export function copyPersona(context: string, source: PersonaTarget, name: string) {
  const id = temporaryId();
  return {
    id,
    queued: enqueue({ entity: PERSONA_ENTITY, entityId: id, baseVersion: null, method: 'POST', path: `${path(source)}/copy`, body: { name, client_key: id }, context, label: `Copy persona ${source.name}`, makes: [id] }),
  };
}

export const deletePersona = (context: string, persona: PersonaTarget) =>
  enqueue({ entity: PERSONA_ENTITY, entityId: String(persona.id), baseVersion: persona.version, method: 'DELETE', path: path(persona), context, label: `Delete persona ${persona.name}` });
