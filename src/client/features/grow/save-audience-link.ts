import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { AudienceView, MarketView, MekkoView } from './chart-edits';

/**
 * Where Save Audience goes (spec 3 §2.2): the audience builder with the selection's rule, its
 * segments' names for display, referer 'Grow' and returnUrl 'insights/grow'.
 */
export function saveAudienceHref(productPath: string, chart: MekkoView, selected: readonly { audience: AudienceView; market: MarketView }[], rules: AudienceRules): string {
  const names = new Map(chart.segments.map((s) => [s.id, s.path_parts.join(' > ')]));
  const labels = Object.fromEntries(rules.include.and.flat().map((id) => [String(id), names.get(id) ?? `Segment ${id}`]));
  const name = selected.map((x) => x.audience.name).join(' + ').slice(0, 100);
  const search = new URLSearchParams({ action: 'create', referer: 'Grow', returnUrl: 'insights/grow', rules: JSON.stringify(rules), labels: JSON.stringify(labels), name });
  return `/${productPath}/audiences/builder?${search.toString()}`;
}
