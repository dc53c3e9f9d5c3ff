import type { AudienceRulesInput } from '@shared/schemas/audience-rules';

/**
 * An audience rule in words: each AND group as 'Any of: A, B', the groups (segments, then
 * demographic values) joined by 'and', and the excludes as 'but not: C'. Segments and values
 * are named by the labels given, else by their id.
 */
export interface RulesText {
  groups: string[];
  exclude: string | null;
  /** The whole rule in one sentence. */
  text: string;
}

type Labels = Readonly<Record<string, string>>;

export const segmentLabel = (id: number, labels: Labels) => labels[String(id)]?.trim() || `Segment ${id}`;
export const valueLabel = (id: number, labels: Labels) => labels[String(id)]?.trim() || `Value ${id}`;

export function describeRules(rules: AudienceRulesInput, labels: Labels = {}, valueLabels: Labels = {}): RulesText {
  const names = (ids: readonly number[], label: (id: number) => string) => [...new Set(ids)].map(label).join(', ');
  const segmentNames = (ids: readonly number[]) => names(ids, (id) => segmentLabel(id, labels));
  const groups = [
    ...rules.include.and.filter((g) => g.length > 0).map((group) => `Any of: ${segmentNames(group)}`),
    ...(rules.values ?? []).filter((g) => g.length > 0).map((group) => `Any of: ${names(group, (id) => valueLabel(id, valueLabels))}`),
  ];
  const excludes = rules.exclude ?? [];
  const exclude = excludes.length > 0 ? `but not: ${segmentNames(excludes)}` : null;
  return { groups, exclude, text: [groups.join(' and '), exclude].filter(Boolean).join(' ') };
}
