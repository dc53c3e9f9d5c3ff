import * as z from 'zod/mini';
import { idSchema } from './ids';

/** Limits of one audience rule: more than this is refused with a clear message, never run. */
export const RULE_LIMITS = { groups: 20, idsPerGroup: 500, excludes: 500 } as const;

/**
 * An audience rule (spec 3 §3): `include.and` is a list of OR-groups of segment ids, all of
 * which must hold; `exclude` is subtracted.
 */
export const audienceRulesSchema = z.object({
  include: z.object({
    and: z.array(
      z.array(idSchema).check(
        z.minLength(1, 'An OR-group must name at least one segment'),
        z.maxLength(RULE_LIMITS.idsPerGroup, `An OR-group may name at most ${RULE_LIMITS.idsPerGroup} segments`),
      ),
    ).check(
      z.minLength(1, 'A rule must include at least one OR-group'),
      z.maxLength(RULE_LIMITS.groups, `A rule may have at most ${RULE_LIMITS.groups} OR-groups`),
    ),
  }),
  exclude: z._default(
    z.array(idSchema).check(z.maxLength(RULE_LIMITS.excludes, `A rule may exclude at most ${RULE_LIMITS.excludes} segments`)),
    [],
  ),
});
export type AudienceRules = z.infer<typeof audienceRulesSchema>;
