import * as z from 'zod/mini';
import { idSchema } from './ids';

/** Limits of one audience rule: more than this is refused with a clear message, never run. */
export const RULE_LIMITS = { groups: 20, idsPerGroup: 500, excludes: 500, valueGroups: 20, idsPerValueGroup: 100 } as const;

const NO_GROUP = 'A rule must include at least one OR-group';

/**
 * An audience rule (spec 3 §3): `include.and` is a list of OR-groups of segment ids, all of
 * which must hold; `exclude` is subtracted. `values` (issue 15) are OR-groups of demographic
 * value ids of the region (non-segments: 'Gender: Female'), ANDed with the include groups; a
 * persona or an Explore filter may hold them, a saved audience may not (spec 3 §5). A rule has
 * at least one group, of segments or of values.
 */
export const audienceRulesSchema = z.object({
  include: z.object({
    and: z.array(
      z.array(idSchema).check(
        z.minLength(1, 'An OR-group must name at least one segment'),
        z.maxLength(RULE_LIMITS.idsPerGroup, `An OR-group may name at most ${RULE_LIMITS.idsPerGroup} segments`),
      ),
    ).check(z.maxLength(RULE_LIMITS.groups, `A rule may have at most ${RULE_LIMITS.groups} OR-groups`)),
  }),
  exclude: z._default(
    z.array(idSchema).check(z.maxLength(RULE_LIMITS.excludes, `A rule may exclude at most ${RULE_LIMITS.excludes} segments`)),
    [],
  ),
  values: z._default(
    z.array(
      z.array(idSchema).check(
        z.minLength(1, 'A group of values must name at least one value'),
        z.maxLength(RULE_LIMITS.idsPerValueGroup, `A group of values may name at most ${RULE_LIMITS.idsPerValueGroup} values`),
      ),
    ).check(z.maxLength(RULE_LIMITS.valueGroups, `A rule may have at most ${RULE_LIMITS.valueGroups} groups of values`)),
    [],
  ),
}).check(
  z.refine((r) => r.include.and.length + r.values.length > 0, { message: NO_GROUP, path: ['include', 'and'] }),
);
export type AudienceRules = z.infer<typeof audienceRulesSchema>;
/** What a caller may write: `exclude` and `values` default to none. */
export type AudienceRulesInput = z.input<typeof audienceRulesSchema>;

/** Whether a rule names non-segments (demographic values): such a rule cannot be saved as an audience. */
export function hasNonSegments(rules: Pick<AudienceRules, 'values'>): boolean {
  return rules.values.length > 0;
}
