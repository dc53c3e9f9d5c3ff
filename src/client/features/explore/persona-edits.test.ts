import { describe, expect, it } from 'vitest';
import { applyToPersona, applyToPersonaList, applyToWidgets, type PersonaSummaryView, type PersonaView, type WidgetView } from './persona-edits';

const p = (id: number | string, name: string, extra: Partial<PersonaSummaryView> = {}): PersonaSummaryView => ({
  id, name, identifiers: { include: { and: [[1]] }, exclude: [], values: [] }, is_all_data: false, default: false, icon: null,
  deleted_segment_ids: [], deleted_segments_checked: true, version: 1, updated_at: '2026-01-01T00:00:00Z', ...extra,
});
const list = [p(1, 'All Data', { is_all_data: true, identifiers: null }), p(2, 'Runners', { default: true }), p(3, 'Cyclists')];

describe('queued persona edits', () => {
  it('a copy shows at once under its temporary id, pending, not the default', () => {
    const next = applyToPersonaList(list, { method: 'POST', path: '/api/personas/2/copy', body: { name: 'Copy of Runners' }, entityId: 'tmp-1' });
    const made = next.find((x) => x.id === 'tmp-1');
    expect(made).toMatchObject({ name: 'Copy of Runners', default: false, pending: true, identifiers: list[1]!.identifiers });
    expect(next.map((x) => x.name)).toEqual(['All Data', 'Copy of Runners', 'Cyclists', 'Runners']);
  });

  it('make default moves the flag, delete takes it off the list', () => {
    const next = applyToPersonaList(list, { method: 'PUT', path: '/api/personas/3', body: { default: true }, entityId: '3' });
    expect(next.filter((x) => x.default).map((x) => x.id)).toEqual([3]);
    expect(applyToPersonaList(list, { method: 'DELETE', path: '/api/personas/3', body: undefined, entityId: '3' }).map((x) => x.id)).toEqual([1, 2]);
  });

  it('an edit of another persona leaves this one as it is', () => {
    const view: PersonaView = { ...p(3, 'Cyclists'), segments: [], values: [] };
    expect(applyToPersona(view, { method: 'PUT', path: '/api/personas/2', body: { name: 'X' }, entityId: '2' })).toBe(view);
    expect(applyToPersona(view, { method: 'PUT', path: '/api/personas/3', body: { name: ' Bikers ' }, entityId: '3' }).name).toBe('Bikers');
  });
});

describe('queued widget edits', () => {
  const w = (id: number, name: string): WidgetView => ({ id, persona_id: 1, kind: 'market', name, tab: 'Media', order: id, rows: [], version: 1, updated_at: '' });
  it('adds, renames and deletes', () => {
    const added = applyToWidgets([w(1, 'TV')], { method: 'POST', path: '/api/widgets', body: { persona_id: 1, name: 'Radio', tab: 'Media', rows: [], client_key: 'tmp-x' }, entityId: 'tmp-x' });
    expect(added.map((x) => [x.id, x.name, x.order])).toEqual([[1, 'TV', 1], ['tmp-x', 'Radio', 2]]);
    expect(applyToWidgets(added, { method: 'PUT', path: '/api/widgets/1', body: { name: 'Television' }, entityId: '1' })[0]?.name).toBe('Television');
    expect(applyToWidgets(added, { method: 'DELETE', path: '/api/widgets/1', body: undefined, entityId: '1' }).map((x) => x.id)).toEqual(['tmp-x']);
  });
});
