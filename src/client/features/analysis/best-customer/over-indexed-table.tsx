import type { BestCustomer } from '@shared/schemas/analysis';
import { formatIndex } from '../../../components/insights/insights-model';
import { ExportTableButton } from '../analysis-frame';
import { formatShare } from '../analysis-format';
import { overIndexEmphasis, overIndexedSheet, segmentName } from './best-customer-model';

/**
 * The segments best customers are most over-represented in: their share among the best against
 * all buyers' and the region's, the indexes, and whether the difference can be trusted (as the
 * insights widgets mark it).
 */
export function OverIndexedTable({ data }: { data: BestCustomer }) {
  return (
    <section className="analysis-section" aria-labelledby="bc-over">
      <div className="analysis-section__header">
        <h2 id="bc-over">Segments best customers over-index on</h2>
        <div className="analysis-section__actions">
          <ExportTableButton fileName={`${data.brand.name} best customers over-indexed segments`} sheets={() => [overIndexedSheet(data)]} />
        </div>
      </div>
      {data.over_indexed.length === 0 ? <p className="analysis-section__note">No segment stands out among the best customers within these filters.</p> : (
        <div className="analysis-table-wrap">
          <table className="data-table analysis-table">
            <thead>
              <tr>
                <th scope="col">Segment</th>
                <th scope="col" className="num">Best customers</th>
                <th scope="col" className="num">Share of best</th>
                <th scope="col" className="num">Share of buyers</th>
                <th scope="col" className="num">Share of region</th>
                <th scope="col" className="num">Index vs buyers</th>
                <th scope="col" className="num">Index vs region</th>
              </tr>
            </thead>
            <tbody>
              {data.over_indexed.map((r) => {
                const emphasis = overIndexEmphasis(r);
                return (
                  <tr key={r.segment.id} className={['insight-row', r.small_sample ? 'insight-row--small' : '', !r.significant ? 'insight-row--ns' : '', emphasis ? `insight-row--${emphasis}` : ''].filter(Boolean).join(' ')}>
                    <th scope="row">
                      {segmentName(r)}
                      {r.small_sample ? <span className="insight-badge insight-badge--small">Small sample</span> : null}
                      {!r.significant ? <span className="insight-badge insight-badge--ns">Not significant</span> : null}
                    </th>
                    <td className="num">{r.best.toLocaleString('en-US')}</td>
                    <td className="num">{formatShare(r.best_share)}</td>
                    <td className="num">{formatShare(r.buyers_share)}</td>
                    <td className="num">{formatShare(r.region_share)}</td>
                    <td className="num">{emphasis ? <strong title={emphasis === 'high' ? 'Significantly over-indexed' : 'Significantly under-indexed'}>{formatIndex(r.index_vs_buyers)}</strong> : formatIndex(r.index_vs_buyers)}</td>
                    <td className="num">{formatIndex(r.index_vs_region)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
