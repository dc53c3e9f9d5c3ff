import type { BestCustomer, CustomerValue } from '@shared/schemas/analysis';

/** Answers of the analysis API as the contract spells them, for the pages' unit tests. */

const rule = (ids: number[]) => ({ include: { and: [ids, [900]] }, exclude: [], values: [] });
const frame = { brand: { id: 3, name: 'Fizz Cola', slug: 'fizz-cola' }, has_data: true, people: 50_000, filtered_people: 20_000, filters: [[900]], data_end: '2026-10' };

export const customerValueFixture: CustomerValue = {
  ...frame,
  period: { from: '2025-11', to: '2026-10' },
  previous_period: { from: '2024-11', to: '2025-10' },
  currency: 'USD',
  spend_per_purchase: 12.5,
  buyers: 1000,
  previous_buyers: 900,
  tiers: [
    { key: 'top', name: 'Top', min_months: 10, max_months: 12, people: 100, purchases: 1100, share_of_buyers: 0.1, share_of_spend: 0.3438, average_spend: 137.5, small_sample: false, rule: rule([11]) },
    { key: 'high', name: 'High', min_months: 6, max_months: 9, people: 200, purchases: 1400, share_of_buyers: 0.2, share_of_spend: 0.4375, average_spend: 87.5, small_sample: false, rule: rule([12]) },
    { key: 'medium', name: 'Medium', min_months: 3, max_months: 5, people: 100, purchases: 400, share_of_buyers: 0.1, share_of_spend: 0.125, average_spend: 50, small_sample: false, rule: rule([13]) },
    { key: 'low', name: 'Low', min_months: 1, max_months: 2, people: 600, purchases: 300, share_of_buyers: 0.6, share_of_spend: 0.0938, average_spend: 6.25, small_sample: false, rule: rule([14]) },
  ],
  movement: [
    { from: 'top', to: [60, 20, 5, 5], lapsed: 10, stayed: 60, moved_up: 0, moved_down: 30, total: 100 },
    { from: 'high', to: [20, 100, 30, 20], lapsed: 30, stayed: 100, moved_up: 20, moved_down: 50, total: 200 },
    { from: 'medium', to: [5, 40, 30, 75], lapsed: 50, stayed: 30, moved_up: 45, moved_down: 75, total: 200 },
    { from: 'low', to: [5, 20, 25, 300], lapsed: 50, stayed: 300, moved_up: 50, moved_down: 0, total: 400 },
    { from: 'new', to: [10, 20, 10, 200], lapsed: 0, stayed: 0, moved_up: 0, moved_down: 0, total: 240 },
  ],
  buyers_rule: rule([1, 2]),
};

export const bestCustomerFixture: BestCustomer = {
  ...frame,
  currency: 'EUR',
  definition: { best: 'percent', percent: 10, min_months: 9, label: 'Top 10 % of buyers by spend: bought in 9 to 12 of the last 12 months' },
  best: { people: 120, share_of_buyers: 0.12, share_of_spend: 0.4, average_spend: 130, small_sample: false, rule: rule([10, 11]) },
  buyers: { people: 1000, average_spend: 40, rule: rule([1, 2]) },
  over_indexed: [
    {
      segment: { id: 77, identifier: 'acme-golf', name: 'Golf', path_parts: ['Acme', 'Sports', 'Golf'] },
      best: 60, best_share: 0.5, buyers_share: 0.25, region_share: 0.2, index_vs_buyers: 200, index_vs_region: 250, z_score: 6.1, significant: true, small_sample: false,
    },
    {
      segment: { id: 78, identifier: '=cmd', name: '=cmd', path_parts: [] },
      best: 12, best_share: 0.1, buyers_share: 0.09, region_share: 0.08, index_vs_buyers: 111, index_vs_region: 125, z_score: 0.4, significant: false, small_sample: true,
    },
  ],
};
