import './retention.css';
import { useMemo } from 'react';
import type { RetentionMode } from '@shared/rules/analysis';
import { formatCount } from '@shared/rules/grow';
import type { BuyerRetention } from '@shared/schemas/analysis';
import { ExportTableButton } from '../analysis-frame';
import { formatShare } from '../analysis-format';
import { monthName } from '../charts/axes';
import { ChartFigure } from '../charts/chart-figure';
import { cohortSizesLayout, curveLayout } from './retention-charts';
import { RETENTION_MODES, cellShade, monthsSince, retentionCurve, retentionRows, retentionSheets, type RetentionRow } from './retention-model';

/** The cohort triangle, the average curve and the cohorts' sizes of the mode shown. */
export function RetentionFigures({ data, mode }: { data: BuyerRetention; mode: RetentionMode }) {
  const rows = useMemo(() => retentionRows(data, mode), [data, mode]);
  const curve = useMemo(() => retentionCurve(rows), [rows]);
  const brand = data.brand.name;
  const modeName = RETENTION_MODES.find((m) => m.mode === mode)?.name ?? mode;
  const curveWords = curve.map((share, k) => `month ${k}: ${formatShare(share)}`).join(', ');
  return (
    <>
      <section className="analysis-section" aria-labelledby="retention-cohorts">
        <div className="analysis-section__header">
          <h2 id="retention-cohorts">Cohorts by first purchase ({modeName})</h2>
          <div className="analysis-section__actions">
            <ExportTableButton fileName={`${brand} retention ${modeName}`} sheets={() => retentionSheets(data, rows, mode)} />
          </div>
        </div>
        <p className="analysis-section__note">
          {RETENTION_MODES.find((m) => m.mode === mode)?.help}, k months after the first purchase (month 0 is everyone). Cohorts followed fewer than {data.horizon} months are marked incomplete: their later months are not known yet.
        </p>
        <CohortTable rows={rows} curve={curve} />
      </section>
      <div className="analysis-columns">
        <section className="analysis-section">
          <ChartFigure
            title={`Average retention (${modeName})`}
            fileName={`${brand} retention curve ${modeName}`}
            layoutFor={(width) => curveLayout(curve, width)}
            label={`Average retention, weighted by cohort size: ${curveWords}`}
          />
        </section>
        <section className="analysis-section">
          <ChartFigure
            title="Cohort sizes"
            fileName={`${brand} cohort sizes`}
            layoutFor={(width) => cohortSizesLayout(rows, width)}
            label={`People per first-purchase month: ${rows.map((r) => `${monthName(r.month)} ${formatCount(r.size)}`).join(', ')}`}
          />
        </section>
      </div>
    </>
  );
}

const INCOMPLETE = 'Incomplete cohort: its later months are not known yet';

/** The triangle: a cohort per row (its month and size), months since across, each cell its share shaded by it. */
function CohortTable({ rows, curve }: { rows: readonly RetentionRow[]; curve: readonly (number | null)[] }) {
  const ks = monthsSince(rows);
  return (
    <>
      <div className="analysis-table-wrap retention-table-wrap">
        <table className="retention-table">
          <caption className="visually-hidden">Share of each first-purchase cohort who bought k months later</caption>
          <thead>
            <tr>
              <th scope="col" className="retention-table__cohort">First purchase</th>
              <th scope="col" className="num">People</th>
              {ks.map((k) => <th key={k} scope="col" className="num" aria-label={`Month ${k}`}>{k}</th>)}
            </tr>
          </thead>
          <tbody>
            <tr className="retention-table__average">
              <th scope="row" className="retention-table__cohort">Average</th>
              <td className="num">{formatCount(rows.reduce((s, r) => s + r.size, 0))}</td>
              {ks.map((k) => <Cell key={k} share={curve[k] ?? null} />)}
            </tr>
            {rows.map((r) => (
              <tr key={r.month} className={r.complete ? undefined : 'is-incomplete'}>
                <th scope="row" className="retention-table__cohort">
                  {monthName(r.month)}
                  {r.complete ? null : <span className="retention-mark" title={INCOMPLETE}><span aria-hidden="true">◔</span><span className="visually-hidden">, incomplete</span></span>}
                  {r.small_sample ? <span className="analysis-flag">Small sample</span> : null}
                </th>
                <td className="num">{formatCount(r.size)}</td>
                {ks.map((k) => (k < r.shares.length ? <Cell key={k} share={r.size > 0 ? r.shares[k]! : null} /> : <td key={k} className="retention-table__unknown" aria-label="Not known yet" />))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="analysis-section__note"><span aria-hidden="true">◔</span> {INCOMPLETE}; hatched cells are not known yet.</p>
    </>
  );
}

function Cell({ share }: { share: number | null }) {
  if (share === null) return <td className="num">—</td>;
  const shade = cellShade(share);
  return (
    <td className={`num retention-cell${shade > 0.45 ? ' is-strong' : ''}`} style={{ background: `color-mix(in srgb, var(--color-primary) ${Math.round(shade * 100)}%, transparent)` }}>
      {/* Whole percents keep 24 months on the screen at 1366; the cell's title has the decimal. */}
      <span title={formatShare(share)}>{`${Math.round(share * 100)}%`}</span>
    </td>
  );
}
