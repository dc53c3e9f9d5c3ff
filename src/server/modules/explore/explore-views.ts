import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CustomWidget, Persona, PersonaSummary } from '@shared/schemas/explore';
import type { SegmentRow } from '../grow/grow-repository';
import type { Readiness } from '../grow/grow-views';
import type { PersonaRow, WidgetRow } from './explore-repository';

/** The segment short ids a rule names: its include groups' and its excludes. */
export const ruleSegmentIds = (rules: AudienceRules | null): number[] =>
  rules ? [...new Set([...rules.include.and.flat(), ...rules.exclude])] : [];

/** The demographic value ids a rule names. */
export const ruleValueIds = (rules: AudienceRules | null): number[] => (rules ? [...new Set(rules.values.flat())] : []);

/**
 * The segments a persona names that the region does not have or has deleted (the invalid
 * persona, spec 3 §2.1); none while the region's segments cannot be judged yet.
 */
export function deletedSegmentIds(rules: AudienceRules | null, segments: readonly SegmentRow[], readiness: Readiness): number[] {
  if (!readiness.checked) return [];
  const live = new Set(segments.filter((s) => !s.deleted).map((s) => s.shortId));
  return ruleSegmentIds(rules).filter((id) => !live.has(id));
}

/** Rules as stored before issue 15 or written by hand may lack `values`: read them whole. */
const rulesOf = (row: PersonaRow): AudienceRules | null =>
  row.identifiers ? { include: row.identifiers.include, exclude: row.identifiers.exclude ?? [], values: row.identifiers.values ?? [] } : null;

export function toPersonaSummary(row: PersonaRow, segments: readonly SegmentRow[], readiness: Readiness): PersonaSummary {
  const identifiers = rulesOf(row);
  return {
    id: row.id,
    name: row.name,
    identifiers,
    is_all_data: row.isAllData,
    default: row.isDefault,
    // The column holds only the contract's icons.
    icon: row.icon as PersonaSummary['icon'],
    deleted_segment_ids: deletedSegmentIds(identifiers, segments, readiness),
    deleted_segments_checked: readiness.checked,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A demographic value of the region, with its category's name. */
export interface NamedValue {
  id: number;
  name: string;
  category: string;
}

export function toPersona(row: PersonaRow, segments: readonly SegmentRow[], values: ReadonlyMap<number, NamedValue>, readiness: Readiness): Persona {
  const summary = toPersonaSummary(row, segments, readiness);
  const named = new Set(ruleSegmentIds(summary.identifiers));
  return {
    ...summary,
    segments: segments
      .filter((s) => named.has(s.shortId))
      .map((s) => ({ id: s.shortId, name: s.name, path_parts: s.pathParts, deleted: s.deleted, create_audience_single: s.allowCreateAudienceSingle })),
    values: ruleValueIds(summary.identifiers).flatMap((id) => {
      const value = values.get(id);
      return value ? [value] : [];
    }),
  };
}

export function toWidget(row: WidgetRow): CustomWidget {
  return {
    id: row.id,
    persona_id: row.personaId,
    // The column holds only the two kinds.
    kind: row.kind as CustomWidget['kind'],
    name: row.name,
    tab: row.tab,
    order: row.position,
    rows: row.rows,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}
