import './timeframe-settings.css';
import { useId, useState } from 'react';
import { TEXT } from '@shared/constants';
import { GROW_TEXT } from '@shared/rules/grow';
import { OUTCOMES, OUTCOMES_TEXT, availableMonths, monthTitle, yearOptions, type YearMonth } from '@shared/rules/outcomes';
import type { Mekko } from '@shared/schemas/grow';
import { SlideInPanel } from '../../components/slide-in-panel';
import { isApiError } from '../../lib/api-error';
import { errorToast, successToast } from '../../lib/ui-store';
import { createTimeframe, recordOutcomes } from './measure-commands';
import type { OutcomeTimeframeView } from './measure-edits';
import { NewTimeframeForm } from './new-timeframe-form';
import { newTimeframeBody, timeframesOfYear } from './settings-model';
import { TimeframeCard } from './timeframe-card';

interface Props {
  context: string;
  chart: Mekko;
  timeframes: OutcomeTimeframeView[];
  today: YearMonth;
  marketLevelOnly: boolean;
  canDestroy: boolean;
  canCreate: boolean;
  onClose: () => void;
}

/**
 * The timeframes admin (spec 3 §2.5 'Admin Outcomes slide-in panel', 800 px, from Timeframe
 * Settings): 'Select year to view' (this year and the 9 before), 'Add Timeframe' opening the 'New
 * Timeframe' form, 'Record this month', and the year's timeframes newest first as cards.
 */
export function TimeframeSettingsPanel({ context, chart, timeframes, today, marketLevelOnly, canDestroy, canCreate, onClose }: Props) {
  const id = useId();
  const [year, setYear] = useState(today.year);
  const [adding, setAdding] = useState(false);
  const [recording, setRecording] = useState(false);
  const shown = timeframesOfYear(timeframes, year);

  const apply = (month: number) => {
    const title = monthTitle({ year, month });
    const { outcome } = createTimeframe(context, chart.id, newTimeframeBody(chart, { year, month }));
    setAdding(false);
    void outcome.then((result) => {
      if (result === 'applied') successToast(OUTCOMES_TEXT.saved(title));
      else if (result === 'queued') successToast(GROW_TEXT.savedOnDevice);
    });
  };

  const record = () => {
    setRecording(true);
    recordOutcomes(context).then(
      () => successToast(OUTCOMES_TEXT.recordQueued(monthTitle(today))),
      (error: unknown) => errorToast(isApiError(error) ? error.message : TEXT.genericError),
    ).finally(() => setRecording(false));
  };

  return (
    <SlideInPanel title={OUTCOMES_TEXT.panelTitle} description={chart.name} widthPx={OUTCOMES.panelWidthPx} onClose={onClose}>
      <div className="timeframe-settings">
        <div className="timeframe-settings__toolbar">
          <div className="field">
            <label htmlFor={`${id}-year`}>{OUTCOMES_TEXT.selectYear}</label>
            <select id={`${id}-year`} value={year} onChange={(e) => setYear(Number(e.target.value))}>
              {yearOptions(today).map((y) => <option key={y} value={y}>{y}</option>)}
            </select>
          </div>
          {canCreate ? (
            <div className="timeframe-settings__buttons">
              <button type="button" className="button button--primary" onClick={() => setAdding(true)} disabled={adding}>{OUTCOMES_TEXT.addTimeframe}</button>
              <button type="button" className="button button--ghost" onClick={record} disabled={recording} aria-busy={recording || undefined}>{OUTCOMES_TEXT.recordMonth}</button>
            </div>
          ) : null}
        </div>
        {adding ? (
          // Keyed by year: another year's form starts again from its first open month.
          <NewTimeframeForm key={year} months={availableMonths(year, timeframes, today)} onApply={apply} onCancel={() => setAdding(false)} />
        ) : null}
        {shown.length === 0 ? <p className="timeframe-settings__empty">{OUTCOMES_TEXT.noTimeframesInYear(year)}</p> : null}
        <div className="timeframe-settings__cards">
          {/* Keyed by month (one timeframe a month): a new one keeps its card when the server names it. */}
          {shown.map((t) => (
            <TimeframeCard
              key={t.key} context={context} chart={chart} timeframe={t} today={today}
              marketLevelOnly={marketLevelOnly} canDestroy={canDestroy}
            />
          ))}
        </div>
      </div>
    </SlideInPanel>
  );
}
