import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import type { CountType, InsightLevel } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { PersonLevel, type TvContext } from '../../components/insights/person-level';
import { discussionNodesQueryOptions } from '../../lib/discussion-queries';
import { CreateIndexReportButton } from './create-index-report-button';
import type { InsightMarket } from './insights-model';
import { MarketLevelInsights } from './market-level-insights';

interface InsightsPanelProps {
  level: InsightLevel;
  /** The selection's audience rule; null when nothing is selected. */
  rules: AudienceRules | null;
  /** What the insights are of, e.g. 'Matched Addressable · 2 audiences selected'. */
  caption: string;
  markets: InsightMarket[];
  countType: CountType;
  /** TV count settings, the region's people and its slug; null when the chart counts people. */
  tv: TvContext;
  /** Which levels the tabs configuration shows. */
  levels: { person: boolean; market: boolean };
  onLevelChange(level: InsightLevel): void;
  /** X-Context of the chart (client/region/brand/product). */
  context: string;
  /** "Create Index Report" of the selection: why it is refused, or null, and what opens the form. */
  indexReport: { block: string | null; onCreate(): void };
  /** Opens the discussion cluster form on a node (issue 30); absent for who may not edit clusters. */
  onEditDiscussion?: (nodeId: number) => void;
}

const SELECT_PROMPT = 'Select audiences in the chart to see who they are.';
const LEVEL_LABEL: Record<InsightLevel, string> = { person: 'Person Level', market: 'Market Level' };

/**
 * Grow's insights area (spec 3 §2.2, §4): Person Level widgets of the selection from the count
 * engine, and Market Level shares of the chart, each tab shown when the tabs configuration allows.
 */
export function InsightsPanel({ level, rules, caption, markets, countType, tv, levels, onLevelChange, context, indexReport, onEditDiscussion }: InsightsPanelProps) {
  const allowed = (['person', 'market'] as const).filter((l) => levels[l]);
  // The word bubbles of selected audiences that have a discussion cluster (issue 30).
  const wantsDiscussions = markets.some((m) => m.audiences.some((a) => a.selected && a.discussion_cluster_node_id != null));
  const discussions = useQuery({ ...discussionNodesQueryOptions(context), enabled: wantsDiscussions });
  const shown: InsightLevel = levels[level] ? level : (allowed[0] ?? level);

  return (
    <div className="insights-panel">
      <header className="insights-panel__header">
        <h2 className="insights-panel__title">Insights</h2>
        <p className="insights-panel__caption">{caption}</p>
        <CreateIndexReportButton block={indexReport.block} onCreate={indexReport.onCreate} />
      </header>
      <Tabs.Root value={shown} onValueChange={(v) => (v === 'person' || v === 'market' ? onLevelChange(v) : undefined)}>
        {allowed.length > 0 ? (
          <Tabs.List className="tabs__list" aria-label="Insights level">
            {allowed.map((l) => (
              <Tabs.Trigger key={l} className="tabs__trigger" value={l}>{LEVEL_LABEL[l]}</Tabs.Trigger>
            ))}
          </Tabs.List>
        ) : null}
        {levels.person ? (
          <Tabs.Content value="person" className="insights-panel__content">
            {rules ? <PersonLevel area="grow" context={context} rules={rules} countType={countType} tv={tv} /> : <p className="insight-prompt">{SELECT_PROMPT}</p>}
          </Tabs.Content>
        ) : null}
        {levels.market ? (
          <Tabs.Content value="market" className="insights-panel__content">
            <MarketLevelInsights markets={markets} discussions={discussions.data ?? []} context={context} onEditDiscussion={onEditDiscussion} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  );
}
