import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { AnalysisPage } from '@shared/schemas/analysis';
import { sharedRead, type OfflinePrepareInput, type OfflinePreparer, type OfflineStep } from '../../lib/offline/offline-preparers';
import { audienceCountQueryOptions, categoriesQueryOptions, widgetQueryOptions } from '../../lib/insights-queries';
import {
  analysisSegmentsQueryOptions,
  bestCustomerQueryOptions,
  buyerRetentionQueryOptions,
  customerAttritionQueryOptions,
  customerValueQueryOptions,
  siteVisitationQueryOptions,
} from './analysis-queries';

/**
 * What each analysis page needs offline (issue 32), as steps of "Make available offline", through
 * the pages' own query options so the device answers them: the page's figures as it opens (no
 * filter, its default settings), its segments, and the profile of every group it profiles (the
 * people in it and the widget of every category, since the user may choose any offline).
 */
const TITLES: Record<AnalysisPage, string> = {
  'customer-value': 'Customer Value',
  'site-visitation': 'Site Visitation',
  'best-customer': 'Best Customer',
  'customer-attrition': 'Customer Attrition',
  'buyer-retention': 'Buyer Retention',
};

/** A page's preparer: its figures as it opens (`read`), and the groups it profiles in them (a name and a rule each). */
function preparer<T>(page: AnalysisPage, read: (fetch: OfflinePrepareInput['fetch'], context: string) => Promise<T>, profiled: (data: T) => { name: string; rule: AudienceRules | null }[]): OfflinePreparer {
  return ({ context, fetch }) => {
    const title = TITLES[page];
    const categoriesOnce = sharedRead(() => fetch(categoriesQueryOptions(context)));
    const profileSteps = (name: string, rule: AudienceRules): OfflineStep[] => [
      { label: `${title} · ${name}: people`, run: async () => void (await fetch(audienceCountQueryOptions(context, rule))) },
      {
        label: `${title} · ${name}: the categories`,
        run: async () =>
          (await categoriesOnce()).map((c) => ({ label: `${title} · ${name} insights: ${c.name}`, run: async () => void (await fetch(widgetQueryOptions(context, rule, c.id))) })),
      },
    ];
    return [
      {
        label: `${title}: the figures`,
        run: async () => {
          const data = await read(fetch, context);
          return profiled(data).flatMap((g) => (g.rule ? profileSteps(g.name, g.rule) : []));
        },
      },
      { label: `${title}: its segments`, run: async () => void (await fetch(analysisSegmentsQueryOptions(context, page))) },
    ];
  };
}

export const prepareCustomerValueOffline = preparer('customer-value', (fetch, c) => fetch(customerValueQueryOptions(c, [])), (d) => [
  ...d.tiers.filter((t) => t.people > 0).map((t) => ({ name: `${t.name} tier`, rule: t.rule })),
  { name: 'all buyers', rule: d.buyers_rule },
]);
export const prepareBestCustomerOffline = preparer('best-customer', (fetch, c) => fetch(bestCustomerQueryOptions(c, [], { best: 'tier' })), (d) => [
  { name: 'best customers', rule: d.best.rule },
  { name: 'all buyers', rule: d.buyers.rule },
]);
export const prepareCustomerAttritionOffline = preparer('customer-attrition', (fetch, c) => fetch(customerAttritionQueryOptions(c, [])), (d) => [
  { name: 'at-risk buyers', rule: d.at_risk.rule },
  { name: 'active buyers', rule: d.active.rule },
]);
export const prepareSiteVisitationOffline = preparer('site-visitation', (fetch, c) => fetch(siteVisitationQueryOptions(c, [])), (d) =>
  d.groups.filter((g) => g.people > 0).map((g) => ({ name: g.name, rule: g.rule })),
);
export const prepareBuyerRetentionOffline = preparer('buyer-retention', (fetch, c) => fetch(buyerRetentionQueryOptions(c, [])), () => []);
