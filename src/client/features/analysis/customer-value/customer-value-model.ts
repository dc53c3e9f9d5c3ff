import { VALUE_TIERS } from '@shared/rules/analysis';
import type { CustomerValue } from '@shared/schemas/analysis';
import { cell, tableSheet, type SheetSpec } from '../analysis-sheets';
import { periodText } from '../analysis-format';

/**
 * Customer Value's tables (issue 32) as the page shows them and as their workbooks hold them:
 * buyers by value tier with a total, and the movement from the previous period's tiers.
 */

type Tier = CustomerValue['tiers'][number];
type MovementRow = CustomerValue['movement'][number];

/** A tier's frequency in words: 'Bought in 10 to 12 of the last 12 months'. */
export const tierRange = (tier: Pick<Tier, 'min_months' | 'max_months'>, months = 12) =>
  tier.min_months === tier.max_months ? `Bought in ${tier.min_months} of ${months} months` : `Bought in ${tier.min_months} to ${tier.max_months} of ${months} months`;

export const NEW_BUYERS = 'New buyers';

/** A movement row's name: the previous tier's, or new buyers (no tier in the previous period). */
export function fromLabel(from: MovementRow['from']): string {
  if (from === 'new') return NEW_BUYERS;
  return VALUE_TIERS.find((t) => t.key === from)?.name ?? from;
}

/** Every tier's buyers together: people, 100 % of both shares, and the average spend per buyer. */
export function tierTotal(tiers: readonly Tier[], spendPerPurchase: number) {
  const people = tiers.reduce((s, t) => s + t.people, 0);
  const purchases = tiers.reduce((s, t) => s + t.purchases, 0);
  return { people, purchases, average_spend: people === 0 ? 0 : (purchases * spendPerPurchase) / people };
}

/** The movement table's column totals: people per current tier and per movement. */
export function movementTotals(rows: readonly MovementRow[]) {
  const to = VALUE_TIERS.map((_, i) => rows.reduce((s, r) => s + (r.to[i] ?? 0), 0));
  const sum = (key: 'lapsed' | 'stayed' | 'moved_up' | 'moved_down' | 'total') => rows.reduce((s, r) => s + r[key], 0);
  return { to, lapsed: sum('lapsed'), stayed: sum('stayed'), moved_up: sum('moved_up'), moved_down: sum('moved_down'), total: sum('total') };
}

export function tierSheet(data: CustomerValue): SheetSpec {
  const total = tierTotal(data.tiers, data.spend_per_purchase);
  return tableSheet(
    'Value tiers',
    `${data.brand.name}: buyers by value tier, ${periodText(data.period)}`,
    [{ header: 'Tier' }, { header: 'Purchase months', width: 32 }, { header: 'People' }, { header: 'Share of buyers', width: 16 }, { header: 'Share of spend', width: 16 }, { header: `Average spend (${data.currency})`, width: 22 }, { header: 'Small sample', width: 14 }],
    [
      ...data.tiers.map((t) => [cell.label(t.name), cell.text(tierRange(t)), cell.count(t.people), cell.share(t.share_of_buyers), cell.share(t.share_of_spend), cell.money(t.average_spend), cell.flag(t.small_sample, 'Small sample')]),
      [cell.label('All buyers'), null, cell.count(total.people), cell.share(total.people > 0 ? 1 : 0), cell.share(total.purchases > 0 ? 1 : 0), cell.money(total.average_spend), null],
    ],
  );
}

export function movementSheet(data: CustomerValue): SheetSpec {
  const totals = movementTotals(data.movement);
  return tableSheet(
    'Tier movement',
    `${data.brand.name}: from ${periodText(data.previous_period)} to ${periodText(data.period)}`,
    [
      { header: 'Previous tier', width: 16 },
      ...VALUE_TIERS.map((t) => ({ header: `Now ${t.name}`, width: 14 })),
      { header: 'Lapsed' }, { header: 'Stayed' }, { header: 'Moved up' }, { header: 'Moved down' }, { header: 'Total' },
    ],
    [
      ...data.movement.map((r) => [
        cell.label(fromLabel(r.from)), ...VALUE_TIERS.map((_, i) => cell.count(r.to[i] ?? 0)),
        cell.count(r.lapsed), cell.count(r.stayed), cell.count(r.moved_up), cell.count(r.moved_down), cell.count(r.total),
      ]),
      [cell.label('Total'), ...totals.to.map(cell.count), cell.count(totals.lapsed), cell.count(totals.stayed), cell.count(totals.moved_up), cell.count(totals.moved_down), cell.count(totals.total)],
    ],
  );
}
