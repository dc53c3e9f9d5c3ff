import { Fragment, useId, type KeyboardEvent } from 'react';
import { OUTCOMES_TEXT } from '@shared/rules/outcomes';
import { isBlockedFigureKey, type FigureColumn, type FigureDraft, type FigureRow, type MarketRows } from './settings-model';

interface Props {
  rows: { chart: FigureRow; markets: MarketRows[] };
  columns: readonly FigureColumn[];
  /** The markets whose audiences are shown. */
  expanded: ReadonlySet<number>;
  onToggleMarket: (marketId: number) => void;
  /**
   * In edit mode: the typed figures, each bad one's message (shown under it), the figures above
   * their parent's (marked invalid; the card lists their messages), and a figure typed.
   */
  edit?: { draft: FigureDraft; problems: Record<string, string>; flagged?: Record<string, string>; onChange: (field: string, text: string) => void };
}

const numberFormat = new Intl.NumberFormat('en-US');

/** A figure input refuses exponents, signs and decimals as they are typed (§5: edit inputs are numeric). */
const blockKeys = (event: KeyboardEvent<HTMLInputElement>) => {
  if (isBlockedFigureKey(event.key)) event.preventDefault();
};

/**
 * A timeframe card's figures (spec 3 §2.5): the chart's total, the markets (each expanding to its
 * audiences) with Total Population, Matched and Modeled (only Total in market-level-only
 * regions); in edit mode each figure is a numeric input with its message under it when bad.
 */
export function TimeframeFiguresTable({ rows, columns, expanded, onToggleMarket, edit }: Props) {
  const id = useId();
  const cell = (row: FigureRow, column: FigureColumn, path: string) => {
    const field = `${row.prefix}${column}`;
    if (!edit) return <td key={column} className="timeframe-figures__number">{numberFormat.format(row.figures[column])}</td>;
    const problem = edit.problems[field];
    const errorId = `${id}-${field}-error`;
    return (
      <td key={column} className="timeframe-figures__input">
        <input
          type="number" inputMode="numeric" min={0} step={1} aria-label={`${path}: ${OUTCOMES_TEXT.columns[column]}`}
          value={edit.draft[field] ?? ''} onKeyDown={blockKeys} onChange={(e) => edit.onChange(field, e.target.value)}
          aria-invalid={problem || edit.flagged?.[field] ? true : undefined} aria-describedby={problem ? errorId : undefined}
        />
        {problem ? <p id={errorId} className="field__error" role="alert">{problem}</p> : null}
      </td>
    );
  };
  return (
    <table className="timeframe-figures">
      <thead>
        <tr>
          <th scope="col">Market</th>
          {columns.map((c) => <th key={c} scope="col" className="timeframe-figures__number">{OUTCOMES_TEXT.columns[c]}</th>)}
        </tr>
      </thead>
      <tbody>
        <tr className="timeframe-figures__chart">
          <th scope="row">{rows.chart.label}</th>
          {columns.map((c) => cell(rows.chart, c, rows.chart.label))}
        </tr>
        {rows.markets.map((market) => {
          const open = market.id !== null && expanded.has(market.id);
          return (
            <Fragment key={market.prefix}>
              <tr className="timeframe-figures__market">
                <th scope="row">
                  <button
                    type="button" className="timeframe-figures__toggle" aria-expanded={open} disabled={market.audiences.length === 0}
                    onClick={() => (market.id === null ? undefined : onToggleMarket(market.id))}
                  >
                    <span aria-hidden="true">{market.audiences.length === 0 ? '' : open ? '▾' : '▸'}</span> {market.label}
                  </button>
                </th>
                {columns.map((c) => cell(market, c, market.label))}
              </tr>
              {open
                ? market.audiences.map((audience) => (
                    <tr key={audience.prefix} className="timeframe-figures__audience">
                      <th scope="row">{audience.label}</th>
                      {columns.map((c) => cell(audience, c, `${market.label} > ${audience.label}`))}
                    </tr>
                  ))
                : null}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
