import { ANALYSIS_PAGES, type AnalysisPage } from '@shared/schemas/analysis';
import type { AudienceRules } from '@shared/schemas/audience-rules';

/** Where the analysis pages send the user: the API page a path is, and the builder with a rule to save. */

/** The API page a path is ('insights/customer-value' is customer-value), or null. */
export function analysisPageOf(pageKey: string): AnalysisPage | null {
  const last = pageKey.split('/').pop() ?? '';
  return (ANALYSIS_PAGES as readonly string[]).includes(last) ? (last as AnalysisPage) : null;
}

/** The builder's address with a rule to save, its segments' names, and where to come back to. */
export function saveAsAudienceHref(productPath: string, link: { rule: AudienceRules; name: string; labels: Readonly<Record<string, string>>; referer: string; returnUrl: string }): string {
  const ids = new Set([...link.rule.include.and.flat(), ...link.rule.exclude].map(String));
  const labels = Object.fromEntries(Object.entries(link.labels).filter(([id]) => ids.has(id)));
  const search = new URLSearchParams({ action: 'create', referer: link.referer.slice(0, 50), returnUrl: link.returnUrl, rules: JSON.stringify(link.rule) });
  if (Object.keys(labels).length > 0) search.set('labels', JSON.stringify(labels));
  search.set('name', link.name.slice(0, 100));
  return `/${productPath}/audiences/builder?${search.toString()}`;
}

