import type { AudienceRules } from '@shared/schemas/audience-rules';

/**
 * An audience rule in words: each AND group as 'Any of: A, B', the groups joined by 'and', and
 * the excludes as 'but not: C'. Segments are named by the labels given, else by their id.
 */
export interface RulesText {
  groups: string[];
  exclude: string | null;
  /** The whole rule in one sentence. */
  text: string;
}

export const segmentLabel = (id: number, labels: Readonly<Record<string, string>>) => labels[String(id)]?.trim() || `Segment ${id}`;

export function describeRules(rules: AudienceRules, labels: Readonly<Record<string, string>> = {}): RulesText {
  const names = (ids: readonly number[]) => [...new Set(ids)].map((id) => segmentLabel(id, labels)).join(', ');
  const groups = rules.include.and.map((group) => `Any of: ${names(group)}`);
  const exclude = rules.exclude.length > 0 ? `but not: ${names(rules.exclude)}` : null;
  return { groups, exclude, text: [groups.join(' and '), exclude].filter(Boolean).join(' ') };
}
