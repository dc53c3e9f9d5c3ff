import { describe, expect, it } from 'vitest';
import type { Persona } from '@shared/schemas/explore';
import { builderHref, choosePersona, effectiveRules, everySegmentAllowsAudience, filterChips, filtersHaveNonSegments, isInvalid, NO_FILTER_CHANGES, widgetsByTab } from './explore-model';

const list = [
  { id: 1, is_all_data: true, default: false },
  { id: 2, is_all_data: false, default: true },
  { id: 3, is_all_data: false, default: false },
];

const persona: Pick<Persona, 'identifiers' | 'segments' | 'values'> = {
  identifiers: { include: { and: [[10, 11], [12]] }, exclude: [13], values: [[20]] },
  segments: [
    { id: 10, name: 'Runners', path_parts: ['Sport', 'Runners'], deleted: false, create_audience_single: true },
    { id: 11, name: 'Cyclists', path_parts: ['Sport', 'Cyclists'], deleted: false, create_audience_single: true },
    { id: 12, name: 'Coffee', path_parts: ['Food', 'Coffee'], deleted: false, create_audience_single: false },
    { id: 13, name: 'Tea', path_parts: ['Food', 'Tea'], deleted: false, create_audience_single: true },
  ],
  values: [{ id: 20, name: 'Female', category: 'Gender' }],
};

describe('persona on view', () => {
  it('is the one named, else the default, else the all-data persona', () => {
    expect(choosePersona(list, 3)?.id).toBe(3);
    expect(choosePersona(list, undefined)?.id).toBe(2);
    expect(choosePersona(list, 99)?.id).toBe(2);
    expect(choosePersona(list.map((p) => ({ ...p, default: false })), undefined)?.id).toBe(1);
  });

  it('opens on the persona just made when the address names none, pending or saved', () => {
    const withNew = [...list, { id: 'tmp-1', is_all_data: false, default: false }];
    expect(choosePersona(withNew, undefined, 'tmp-1')?.id).toBe('tmp-1');
    expect(choosePersona(list, undefined, 3)?.id).toBe(3);
    // The address wins; one no longer listed (refused) leaves the default.
    expect(choosePersona(list, 1, 3)?.id).toBe(1);
    expect(choosePersona(list, undefined, 'tmp-gone')?.id).toBe(2);
  });

  it('is invalid only when its segments were checked and some are gone', () => {
    expect(isInvalid({ deleted_segment_ids: [5], deleted_segments_checked: true })).toBe(true);
    expect(isInvalid({ deleted_segment_ids: [5], deleted_segments_checked: false })).toBe(false);
    expect(isInvalid({ deleted_segment_ids: [], deleted_segments_checked: true })).toBe(false);
  });
});

describe('filter chips', () => {
  it('shows segments by name, excludes as Not, values as Category: Value', () => {
    expect(filterChips(persona, NO_FILTER_CHANGES).map((c) => c.label)).toEqual(['Runners', 'Cyclists', 'Coffee', 'Not Tea', 'Gender: Female']);
  });

  it('a chip taken off leaves the rule without it, an emptied group goes, nothing left is everyone', () => {
    const rules = effectiveRules(persona.identifiers, { removed: ['segment:12', 'exclude:13'], added: [] });
    expect(rules).toEqual({ include: { and: [[10, 11]] }, exclude: [], values: [[20]] });
    expect(effectiveRules(persona.identifiers, { removed: ['segment:10', 'segment:11', 'segment:12', 'value:20'], added: [] })).toBeNull();
    expect(effectiveRules(null, NO_FILTER_CHANGES)).toBeNull();
  });

  it('a value added from a widget row is its own AND-ed group and a non-segment', () => {
    const added = { removed: [], added: [{ id: 30, name: '18-24', category: 'Age' }] };
    const rules = effectiveRules({ include: { and: [[10]] }, exclude: [], values: [] }, added);
    expect(rules?.values).toEqual([[30]]);
    expect(filtersHaveNonSegments(rules)).toBe(true);
    expect(filtersHaveNonSegments(effectiveRules({ include: { and: [[10]] }, exclude: [], values: [] }, NO_FILTER_CHANGES))).toBe(false);
    expect(filterChips({ ...persona, identifiers: null }, added).map((c) => [c.label, c.added])).toEqual([['Age: 18-24', true]]);
  });

  it('convert needs every included segment to allow a one-segment audience', () => {
    expect(everySegmentAllowsAudience(persona, effectiveRules(persona.identifiers, NO_FILTER_CHANGES))).toBe(false);
    expect(everySegmentAllowsAudience(persona, effectiveRules(persona.identifiers, { removed: ['segment:12'], added: [] }))).toBe(true);
  });
});

describe('builder links', () => {
  it('edit goes to the persona builder with the persona, referer Explore and the way back, dropping missing segments', () => {
    const href = builderHref('acme/us/fizz/original', { builder: 'persona', action: 'edit', personaId: 7, removeSegmentIds: [4, 5] });
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/acme/us/fizz/original/insights/explore/builder/7');
    expect(Object.fromEntries(url.searchParams)).toEqual({ action: 'edit', referer: 'Explore', returnUrl: 'insights/explore/7', removeSegmentIds: '4,5' });
  });

  it('convert goes to the audience builder, a motivation request to the motivation builder, new to the persona builder', () => {
    const rules = { include: { and: [[1]] }, exclude: [], values: [] };
    expect(builderHref('p', { builder: 'audience', action: 'create', personaId: 2, rules })).toMatch(/^\/p\/audiences\/builder\?action=create&referer=Explore&returnUrl=insights%2Fexplore%2F2&rules=/);
    expect(builderHref('p', { builder: 'motivation', action: 'requestMotivationAudience', personaId: 2 })).toMatch(/^\/p\/insights\/motivation-audience\/builder\/2\?action=requestMotivationAudience/);
    expect(builderHref('p', { builder: 'persona', action: 'create' })).toBe('/p/insights/explore/builder?action=create&referer=Explore&returnUrl=insights%2Fexplore');
  });
});

describe('market level', () => {
  it('groups market widgets by tab in order, leaving the region widget out', () => {
    const w = (id: number, tab: string, order: number, kind: 'market' | 'region' = 'market') => ({ id, tab, order, kind });
    const tabs = widgetsByTab([w(1, 'Media', 2), w(2, 'Demographics', 0), w(3, 'Media', 1), w(4, 'Region', 3, 'region')]);
    expect(tabs.map((t) => [t.tab, t.widgets.map((x) => x.id)])).toEqual([['Demographics', [2]], ['Media', [3, 1]]]);
  });
});
