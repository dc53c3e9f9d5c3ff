import { formatPercentChange, monthLabel, OUTCOMES_TEXT, populationChange, type YearMonth } from '@shared/rules/outcomes';
import { formatFigure } from './measure-model';

interface Props {
  previousMonth: YearMonth;
  previous: number;
  current: number;
}

const ARROW = { up: '▲', down: '▼', flat: '' } as const;
const WORD = { up: 'up', down: 'down', flat: 'no change' } as const;

/**
 * The info boxes (spec 3 §2.5): the previous timeframe's population of the selection, and
 * 'Population Change' to the current one: absolute, percent to one decimal, an arrow, green up and red down.
 */
export function InfoBoxes({ previousMonth, previous, current }: Props) {
  const change = populationChange(previous, current);
  const sign = change.absolute > 0 ? '+' : '';
  return (
    <div className="measure-info" role="group" aria-label="Population">
      <section className="measure-info__box" aria-labelledby="measure-previous">
        <h2 id="measure-previous" className="measure-info__title">{OUTCOMES_TEXT.previousPopulation(monthLabel(previousMonth))}</h2>
        <p className="measure-info__value">{formatFigure(previous)}</p>
      </section>
      <section className="measure-info__box" aria-labelledby="measure-change">
        <h2 id="measure-change" className="measure-info__title">{OUTCOMES_TEXT.populationChange}</h2>
        <p className={`measure-info__value measure-info__value--${change.direction}`}>
          {change.direction !== 'flat' ? <span className="measure-info__arrow" aria-label={WORD[change.direction]}>{ARROW[change.direction]}</span> : null}
          <span>{sign}{formatFigure(change.absolute)}</span>
          <span className="measure-info__percent">({formatPercentChange(change.percent)})</span>
        </p>
      </section>
    </div>
  );
}
