import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CustomWidget, Persona, PersonaSummary } from '@shared/schemas/explore';

/**
 * Explore's pure parts (spec 3 §2.1, §4): which persona shows, the filter bar's chips and the rule
 * they leave, where the builder is reached, and the Market Level widgets by tab.
 */

type Listed = Pick<PersonaSummary, 'default' | 'is_all_data'> & { id: number | string };

/**
 * The persona of the address; with none, the one just made on this device (issue 27: a new persona
 * is what Explore reopens on), else (or when the one named is not in the list) the default, else
 * the all-data one.
 */
export function choosePersona<P extends Listed>(list: readonly P[], id: number | undefined, made?: number | string): P | undefined {
  const wanted = id ?? made;
  if (wanted !== undefined) {
    const named = list.find((p) => p.id === wanted);
    if (named) return named;
  }
  return list.find((p) => p.default) ?? list.find((p) => p.is_all_data) ?? list[0];
}

export function isInvalid(persona: Pick<PersonaSummary, 'deleted_segment_ids' | 'deleted_segments_checked'>): boolean {
  return persona.deleted_segments_checked && persona.deleted_segment_ids.length > 0;
}

/** A chip of the filter bar: a segment (by name) or a non-segment ("Category: Value"). */
export interface FilterChip {
  key: string;
  kind: 'segment' | 'exclude' | 'value';
  id: number;
  label: string;
  /** Added from a widget row, not one of the persona's filters. */
  added: boolean;
}

/** A value the user added from a widget row (a non-segment filter). */
export interface AddedValue {
  id: number;
  name: string;
  category: string;
}

/** The filters as the user changed them: chips taken off (by key) and values added; never saved. */
export interface FilterState {
  removed: readonly string[];
  added: readonly AddedValue[];
}

export const NO_FILTER_CHANGES: FilterState = { removed: [], added: [] };

const chipKey = (kind: FilterChip['kind'], id: number) => `${kind}:${id}`;

/** The persona's identifiers as chips (less those taken off), then the values added. */
export function filterChips(persona: Pick<Persona, 'identifiers' | 'segments' | 'values'>, state: FilterState): FilterChip[] {
  const rules = persona.identifiers;
  const segmentName = new Map(persona.segments.map((s) => [s.id, s.name]));
  const value = new Map(persona.values.map((v) => [v.id, `${v.category}: ${v.name}`]));
  const removed = new Set(state.removed);
  const chips: FilterChip[] = [];
  const push = (kind: FilterChip['kind'], id: number, label: string, added = false) => {
    const key = chipKey(kind, id);
    if (!removed.has(key) && !chips.some((c) => c.key === key)) chips.push({ key, kind, id, label, added });
  };
  if (rules) {
    for (const id of rules.include.and.flat()) push('segment', id, segmentName.get(id) ?? `Segment ${id}`);
    for (const id of rules.exclude) push('exclude', id, `Not ${segmentName.get(id) ?? `Segment ${id}`}`);
    for (const id of (rules.values ?? []).flat()) push('value', id, value.get(id) ?? `Value ${id}`);
  }
  for (const v of state.added) push('value', v.id, `${v.category}: ${v.name}`, true);
  return chips;
}

/**
 * The rule the widgets are asked for: the persona's identifiers less the chips taken off, each
 * added value its own AND-ed group. Null when nothing is left: everyone in the region.
 */
export function effectiveRules(identifiers: AudienceRules | null, state: FilterState): AudienceRules | null {
  const removed = new Set(state.removed);
  const keep = (kind: FilterChip['kind']) => (id: number) => !removed.has(chipKey(kind, id));
  const and = (identifiers?.include.and ?? []).map((g) => g.filter(keep('segment'))).filter((g) => g.length > 0);
  const exclude = (identifiers?.exclude ?? []).filter(keep('exclude'));
  const values = (identifiers?.values ?? []).map((g) => g.filter(keep('value'))).filter((g) => g.length > 0);
  const named = new Set(values.flat());
  for (const v of state.added) if (!named.has(v.id) && !removed.has(chipKey('value', v.id))) values.push([v.id]);
  if (and.length + values.length === 0) return null;
  return { include: { and }, exclude, values };
}

/** Whether the applied filters name a non-segment (a demographic value). */
export const filtersHaveNonSegments = (rules: AudienceRules | null) => (rules?.values.length ?? 0) > 0;

/** Every included segment allows a one-segment audience (the data permission create_audience_single). */
export function everySegmentAllowsAudience(persona: Pick<Persona, 'segments'>, rules: AudienceRules | null): boolean {
  const allowed = new Map(persona.segments.map((s) => [s.id, s.create_audience_single]));
  return (rules?.include.and.flat() ?? []).every((id) => allowed.get(id) ?? false);
}

export type BuilderAction = 'create' | 'edit' | 'savePersona' | 'requestMotivationAudience';

interface BuilderLink {
  /** Which builder: the persona builder, the audience builder (Convert to Audience), the motivation builder. */
  builder: 'persona' | 'audience' | 'motivation';
  action: BuilderAction;
  /** The persona edited (edit), or whose rule starts the build. */
  personaId?: number;
  rules?: AudienceRules | null;
  /** Segment names by id, for the rule in words. */
  labels?: Record<string, string>;
  name?: string;
  /** Segments the builder drops from the rule (the invalid persona's missing ones). */
  removeSegmentIds?: readonly number[];
}

/**
 * Where Explore sends the user to build (spec 3 §2.1): the persona builder for New (action
 * create, or savePersona from the filters as changed) and Edit (action edit, with the persona's
 * id; removeSegmentIds names segments to drop), the audience builder for Convert to Audience
 * (action savePersona), the motivation builder (action requestMotivationAudience); always with
 * referer 'Explore' and the page to come back to.
 */
export function builderHref(productPath: string, link: BuilderLink): string {
  const returnUrl = link.personaId !== undefined ? `insights/explore/${link.personaId}` : 'insights/explore';
  const search = new URLSearchParams({ action: link.action, referer: 'Explore', returnUrl });
  if (link.rules) search.set('rules', JSON.stringify(link.rules));
  if (link.labels && Object.keys(link.labels).length > 0) search.set('labels', JSON.stringify(link.labels));
  if (link.name) search.set('name', link.name.slice(0, 100));
  if (link.removeSegmentIds && link.removeSegmentIds.length > 0) search.set('removeSegmentIds', link.removeSegmentIds.join(','));
  const id = link.personaId !== undefined ? `/${link.personaId}` : '';
  const path = link.builder === 'audience'
    ? 'audiences/builder'
    : link.builder === 'motivation'
      ? `insights/motivation-audience/builder${id}`
      : `insights/explore/builder${link.action === 'edit' ? id : ''}`;
  return `/${productPath}/${path}?${search.toString()}`;
}

/** Segment names by id (path parts joined), for the builder's rule in words. */
export function segmentLabels(persona: Pick<Persona, 'segments'>): Record<string, string> {
  return Object.fromEntries(persona.segments.map((s) => [String(s.id), s.path_parts.length > 0 ? s.path_parts.join(' > ') : s.name]));
}

/** Market Level: the widgets of each tab, tabs in the order their first widget comes, widgets by order. */
export function widgetsByTab<W extends Pick<CustomWidget, 'tab' | 'order' | 'kind'>>(widgets: readonly W[]): { tab: string; widgets: W[] }[] {
  const sorted = [...widgets].filter((w) => w.kind === 'market').sort((a, b) => a.order - b.order);
  const tabs: { tab: string; widgets: W[] }[] = [];
  for (const w of sorted) {
    const found = tabs.find((t) => t.tab === w.tab);
    if (found) found.widgets.push(w);
    else tabs.push({ tab: w.tab, widgets: [w] });
  }
  return tabs;
}
