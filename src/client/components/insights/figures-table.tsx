import type { ReactNode } from 'react';
import { figureShares, type Figure } from '@shared/rules/uploads';

const percentText = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)}%`);

interface Props {
  title: ReactNode;
  /** Read out as the section's name. */
  label: string;
  rows: readonly Figure[];
  /** The people the figures are of (an audience, a market, a cell); shares of counts are of it when given. */
  population?: number | null;
  empty?: string;
  /** The first two columns' headings (a survey's are Question and Answer). */
  headings?: readonly [string, string];
}

/**
 * Market-level demographic figures as a table of attribute, value and share with a bar: Explore's
 * custom widgets, Grow's audiences and markets, Journey's cells (issue 29) all draw them so, and
 * the surveys' questions and answers (issue 30).
 */
export function FiguresTable({ title, label, rows, population = null, empty = 'No rows yet.', headings = ['Attribute', 'Value'] }: Props) {
  const shares = figureShares(rows, population);
  return (
    <section className="market-widget" aria-label={label}>
      <h3 className="market-widget__title">{title}</h3>
      {rows.length === 0 ? <p className="insight-prompt">{empty}</p> : (
        <table className="insight-table">
          <thead><tr><th scope="col">{headings[0]}</th><th scope="col">{headings[1]}</th><th scope="col">Share</th></tr></thead>
          <tbody>
            {rows.map((row, i) => {
              const share = shares[i] ?? null;
              return (
                <tr key={i}>
                  <td>{row.attribute}</td>
                  <th scope="row">{row.value}</th>
                  <td>
                    <span className="insight-row__value">{row.percent === null && row.count !== null ? `${row.count.toLocaleString('en-US')} · ${percentText(share)}` : percentText(share)}</span>
                    <span className="insight-bar" aria-hidden="true"><span className="insight-bar__fill" style={{ width: `${Math.min(100, share ?? 0)}%` }} /></span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
