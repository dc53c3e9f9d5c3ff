import { Fragment } from 'react';
import { formatCount } from '@shared/rules/grow';
import { INSIGHT_LIMITS } from '@shared/rules/insights';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { insightErrorMessage } from '../../lib/insights-queries';
import { describeRules } from './audience-rules-text';
import { BUILDER_TEXT } from './builder-mode';
import type { LiveCounts } from './use-live-counts';

interface Props {
  rules: AudienceRules | null;
  labels: Readonly<Record<string, string>>;
  valueLabels: Readonly<Record<string, string>>;
  live: LiveCounts;
}

/** The rule in words and its people, live (with the small-sample warning and the offline state). */
export function RuleSummary({ rules, labels, valueLabels, live }: Props) {
  const described = rules ? describeRules(rules, labels, valueLabels) : null;
  const count = live.counts?.count;
  return (
    <>
      <section className="audience-builder__rules" aria-label="Audience rules">
        <h2 className="audience-builder__section-title">Audience rules</h2>
        {described ? (
          <p className="rules-text">
            {described.groups.map((group, i) => (
              <Fragment key={i}>
                {i > 0 ? <span className="rules-text__and"> and </span> : null}
                <span className="rules-text__group">{group}</span>
              </Fragment>
            ))}
            {described.exclude ? <span className="rules-text__exclude"> {described.exclude}</span> : null}
          </p>
        ) : (
          <p className="field__hint">{BUILDER_TEXT.emptyRule}</p>
        )}
      </section>
      <section className="audience-builder__count" aria-label="People" aria-busy={rules !== null && live.stale && !live.needsConnection}>
        <h2 className="audience-builder__section-title">People</h2>
        {rules === null ? null : count !== undefined ? (
          <>
            <p aria-live="polite">
              {live.needsConnection ? `${BUILDER_TEXT.lastKnown}: ` : 'People in this audience: '}
              <strong className={live.stale ? 'audience-builder__stale' : undefined}>{formatCount(count)}</strong>
            </p>
            {!live.stale && count < INSIGHT_LIMITS.smallSample ? <p role="status" className="audience-builder__warning">{BUILDER_TEXT.smallSample(INSIGHT_LIMITS.smallSample)}</p> : null}
          </>
        ) : live.error || live.needsConnection ? null : (
          <p role="status">Loading</p>
        )}
        {rules !== null && live.error && !live.needsConnection ? <p className="insight-error">{insightErrorMessage(live.error)}</p> : null}
        {rules !== null && live.needsConnection ? <p role="status" className="audience-builder__offline">{BUILDER_TEXT.needsConnection}</p> : null}
      </section>
    </>
  );
}
