import { ALL_DATA_PERSONA_NAME } from '@shared/rules/explore';
import type { CustomWidget, Persona, PersonaSummary } from '@shared/schemas/explore';

/**
 * What a queued persona or widget edit does to what Explore shows before the server has it
 * (decision 007's optimistic view). Pure: the outbox handlers apply these to the cached list,
 * persona and widgets. Personas made offline carry their temporary key as id until the server
 * names them.
 */
export type PersonaSummaryView = Omit<PersonaSummary, 'id'> & { id: number | string; pending?: boolean };
export type PersonaView = Omit<Persona, 'id'> & { id: number | string; pending?: boolean };
export type WidgetView = Omit<CustomWidget, 'id'> & { id: number | string; pending?: boolean };

interface Edit {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
  entityId: string;
}

type Body = Record<string, unknown>;
const bodyOf = (edit: Pick<Edit, 'body'>): Body => (typeof edit.body === 'object' && edit.body !== null ? (edit.body as Body) : {});

/** /api/personas[/:id[/copy]] */
export function parsePersonaPath(path: string): { personaId: string | null; copy: boolean } {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  return { personaId: parts[2] ?? null, copy: parts[3] === 'copy' };
}

/** All-data first, then by name (the API's order). */
export function sortPersonas<P extends { is_all_data: boolean; name: string }>(list: readonly P[]): P[] {
  return [...list].sort((a, b) => Number(b.is_all_data) - Number(a.is_all_data) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** The fields an edit sets on a persona (all it may set on the all-data one is `default`). */
function personaFields(body: Body): Partial<PersonaSummaryView> {
  const out: Partial<PersonaSummaryView> = {};
  if (typeof body.name === 'string') out.name = body.name.trim();
  if (typeof body.default === 'boolean') out.default = body.default;
  if (body.icon === null || typeof body.icon === 'string') out.icon = body.icon as PersonaSummaryView['icon'];
  if (typeof body.identifiers === 'object' && body.identifiers !== null) out.identifiers = body.identifiers as PersonaSummaryView['identifiers'];
  return out;
}

/** The persona list with an edit applied. */
export function applyToPersonaList(list: readonly PersonaSummaryView[], edit: Edit): PersonaSummaryView[] {
  const body = bodyOf(edit);
  const { personaId, copy } = parsePersonaPath(edit.path);
  const unDefault = (l: PersonaSummaryView[]) => l.map((p) => ({ ...p, default: false }));
  if (edit.method === 'DELETE' && personaId) return list.filter((p) => String(p.id) !== personaId);
  if (edit.method === 'PUT' && personaId) {
    const fields = personaFields(body);
    const base = fields.default === true ? unDefault([...list]) : [...list];
    return sortPersonas(base.map((p) => (String(p.id) === personaId ? { ...p, ...fields, pending: true } : p)));
  }
  if (edit.method === 'POST') {
    const source = copy ? list.find((p) => String(p.id) === personaId) : undefined;
    if (copy && !source) return [...list];
    const fields = personaFields(body);
    const made: PersonaSummaryView = {
      id: edit.entityId,
      name: fields.name ?? source?.name ?? '',
      identifiers: fields.identifiers ?? source?.identifiers ?? null,
      is_all_data: false,
      default: copy ? false : (fields.default ?? false),
      icon: fields.icon ?? source?.icon ?? null,
      deleted_segment_ids: [],
      deleted_segments_checked: source?.deleted_segments_checked ?? false,
      version: 1,
      updated_at: new Date(0).toISOString(),
      pending: true,
    };
    const rest = made.default ? unDefault([...list]) : [...list];
    return sortPersonas([...rest.filter((p) => p.id !== made.id), made]);
  }
  return [...list];
}

/** One persona with an edit of it applied (a copy or delete of it leaves it as it is). */
export function applyToPersona(persona: PersonaView, edit: Edit): PersonaView {
  const { personaId, copy } = parsePersonaPath(edit.path);
  if (edit.method !== 'PUT' || copy || personaId !== String(persona.id)) return persona;
  return { ...persona, ...personaFields(bodyOf(edit)), pending: true };
}

/** The all-data persona as shown when nothing is cached yet (it is always there). */
export const ALL_DATA_FALLBACK_NAME = ALL_DATA_PERSONA_NAME;

/** /api/widgets[/:id] */
export function parseWidgetPath(path: string): string | null {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  return parts[2] ?? null;
}

/** A persona's widgets with an edit applied. */
export function applyToWidgets(widgets: readonly WidgetView[], edit: Edit): WidgetView[] {
  const body = bodyOf(edit);
  const id = parseWidgetPath(edit.path);
  if (edit.method === 'DELETE' && id) return widgets.filter((w) => String(w.id) !== id);
  if (edit.method === 'PUT' && id) {
    return widgets.map((w) => {
      if (String(w.id) !== id) return w;
      const next: WidgetView = { ...w, pending: true };
      if (typeof body.name === 'string') next.name = body.name;
      if (typeof body.tab === 'string') next.tab = body.tab;
      if (Array.isArray(body.rows)) next.rows = body.rows as WidgetView['rows'];
      return next;
    });
  }
  if (edit.method === 'POST' && !id) {
    const personaId = Number(body.persona_id);
    if (widgets.length > 0 && widgets[0]!.persona_id !== personaId) return [...widgets];
    const made: WidgetView = {
      id: typeof body.client_key === 'string' ? body.client_key : edit.entityId,
      persona_id: personaId,
      kind: body.kind === 'region' ? 'region' : 'market',
      name: typeof body.name === 'string' ? body.name : '',
      tab: typeof body.tab === 'string' ? body.tab : '',
      order: widgets.reduce((m, w) => Math.max(m, w.order + 1), 0),
      rows: Array.isArray(body.rows) ? (body.rows as WidgetView['rows']) : [],
      version: 1,
      updated_at: new Date(0).toISOString(),
      pending: true,
    };
    return [...widgets.filter((w) => w.id !== made.id), made];
  }
  return [...widgets];
}
