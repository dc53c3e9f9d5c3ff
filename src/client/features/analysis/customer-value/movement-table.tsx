import { VALUE_TIERS } from '@shared/rules/analysis';
import type { CustomerValue } from '@shared/schemas/analysis';
import { ExportTableButton } from '../analysis-frame';
import { periodText } from '../analysis-format';
import { fromLabel, movementSheet, movementTotals } from './customer-value-model';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * How buyers moved between tiers: a row per previous tier (and one for buyers new to the tiers),
 * a column per current tier and Lapsed (no purchase this period), then each row's stayed, moved
 * up, moved down and total.
 */
export function MovementTable({ data }: { data: CustomerValue }) {
  const totals = movementTotals(data.movement);
  return (
    <section className="analysis-section" aria-labelledby="cv-movement">
      <div className="analysis-section__header">
        <h2 id="cv-movement">Movement between tiers</h2>
        <div className="analysis-section__actions">
          <ExportTableButton fileName={`${data.brand.name} tier movement`} sheets={() => [movementSheet(data)]} />
        </div>
      </div>
      <p className="analysis-section__note">
        From {periodText(data.previous_period)} ({n(data.previous_buyers)} buyers) to {periodText(data.period)} ({n(data.buyers)} buyers).
      </p>
      <div className="analysis-table-wrap">
        <table className="data-table analysis-table">
          <thead>
            <tr>
              <th scope="col">Previous tier</th>
              {VALUE_TIERS.map((t) => <th key={t.key} scope="col" className="num">Now {t.name}</th>)}
              <th scope="col" className="num">Lapsed</th>
              <th scope="col" className="num">Stayed</th>
              <th scope="col" className="num">Moved up</th>
              <th scope="col" className="num">Moved down</th>
              <th scope="col" className="num">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.movement.map((r) => (
              <tr key={r.from}>
                <th scope="row">{fromLabel(r.from)}</th>
                {VALUE_TIERS.map((t, i) => <td key={t.key} className="num">{n(r.to[i] ?? 0)}</td>)}
                <td className="num">{r.from === 'new' ? '—' : n(r.lapsed)}</td>
                <td className="num">{r.from === 'new' ? '—' : n(r.stayed)}</td>
                <td className="num">{r.from === 'new' ? '—' : n(r.moved_up)}</td>
                <td className="num">{r.from === 'new' ? '—' : n(r.moved_down)}</td>
                <td className="num">{n(r.total)}</td>
              </tr>
            ))}
            <tr className="analysis-table__total">
              <th scope="row">Total</th>
              {totals.to.map((x, i) => <td key={i} className="num">{n(x)}</td>)}
              <td className="num">{n(totals.lapsed)}</td>
              <td className="num">{n(totals.stayed)}</td>
              <td className="num">{n(totals.moved_up)}</td>
              <td className="num">{n(totals.moved_down)}</td>
              <td className="num">{n(totals.total)}</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
