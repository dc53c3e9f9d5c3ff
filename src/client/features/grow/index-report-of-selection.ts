import { indexReportBlock, selectionName } from '@shared/rules/index-report-form';
import { segmentFieldOf, selectionRules, type GrowTab } from '@shared/rules/grow';
import type { IndexReportRequest, ReportAudience } from '../../lib/index-report-form-store';
import type { AudienceView, MekkoView } from './chart-edits';

/** The request's limit of a name and of the origin. */
const ORIGIN_MAX = 200;

/** One chart audience as a report sees it: its tab's segment, by name. */
const single = (name: string, segment: number, labels: Record<string, string>): ReportAudience => ({
  name, rules: { include: { and: [[segment]] }, exclude: [], values: [] }, labels,
});

/**
 * "Create Index Report" of a Grow selection (issue 14): why it is refused, or the drawer's
 * request: the selection's rule (as the insights show it), its segments' names, and the chart's
 * other audiences with a live segment as compare bases.
 */
export function indexReportOfSelection(
  chart: MekkoView,
  selectedIds: readonly (number | string)[],
  tab: GrowTab,
  ctx: { context: string; canCreate: boolean; lite: boolean },
): { block: string | null; request: IndexReportRequest | null } {
  const ruleTab = tab === 'total' ? 'matched' : tab;
  const field = segmentFieldOf(ruleTab);
  const entries = chart.markets.flatMap((m) => m.sub_markets.map((a) => ({ market: m, audience: a })));
  const selected = entries.filter((x) => selectedIds.includes(x.audience.id));
  const numeric = (a: AudienceView) => ({ ...a, id: Number(a.id), market_id: Number(a.market_id) });
  const rules = selectionRules(selected.map((x) => numeric(x.audience)), ruleTab);
  const segments = new Map(chart.segments.map((s) => [s.id, s]));
  // The rule's segments that are deleted, or missing once the region's segments are checked (what the API refuses).
  const invalidIdentifiers = (rules?.include.and.flat() ?? []).filter((id) => segments.get(id)?.deleted ?? chart.segments_checked);
  const reportTab = tab === 'total' ? 'market_level' : 'person_level';
  const block = indexReportBlock({ canCreate: ctx.canCreate, lite: ctx.lite, tab: reportTab, hasAudience: rules !== null, invalidIdentifiers });
  if (block !== null || rules === null) return { block, request: null };

  const labels = Object.fromEntries(chart.segments.map((s) => [String(s.id), s.name]));
  const chosen = new Set(rules.include.and.flat());
  const seen = new Set<number>();
  const bases = entries.flatMap(({ market, audience }) => {
    const id = audience[field];
    if (id === null || chosen.has(id) || seen.has(id) || segments.get(id)?.deleted !== false) return [];
    seen.add(id);
    return [single(`${market.name}: ${audience.name}`.slice(0, ORIGIN_MAX), id, labels)];
  });
  return {
    block: null,
    request: {
      context: ctx.context,
      audience: { name: selectionName(selected.map((x) => ({ market: x.market.name, audience: x.audience.name }))), rules, labels },
      bases,
      tab: reportTab,
      origin: `Grow: ${chart.name}`.slice(0, ORIGIN_MAX),
    },
  };
}
