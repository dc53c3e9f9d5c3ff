import './timeframe-picker.css';
import { useId, useState } from 'react';
import { Popover } from 'radix-ui';
import {
  monthCellState, monthName, monthTitle, OUTCOMES_TEXT, PRESET_KEYS, pickerYears, pickMonth, presetSelection, triggerText,
} from '@shared/rules/outcomes';
import type { PickerState, TimeframeSelection, YearMonth } from '@shared/rules/outcomes';

interface Props {
  timeframes: YearMonth[];
  today: YearMonth;
  selection: TimeframeSelection;
  onChange: (selection: TimeframeSelection) => void;
  canOpenSettings: boolean;
  onOpenSettings: () => void;
}

const IDLE: PickerState = { kind: 'idle' };
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/**
 * The time period selector (spec 3 §2.5, §4): Comparison or Range, two years of month grids
 * (months without a timeframe disabled, arrows paging a year), a first click that picks a month
 * and a second that completes the pair sorted, the presets when both their endpoints exist, and
 * 'Timeframe Settings' for who may create timeframes. Clicking outside or Escape closes it and
 * drops a half-made pick. The page checks the 13-month limit on what it is given.
 */
export function TimeframePicker({ timeframes, today, selection, onChange, canOpenSettings, onOpenSettings }: Props) {
  const [open, setOpen] = useState(false);
  const [picker, setPicker] = useState<PickerState>(IDLE);
  const [lastYear, setLastYear] = useState(selection.current.year);
  const modeName = useId();
  const years = pickerYears(lastYear);
  const known = timeframes.map((t) => t.year);
  const oldest = Math.min(today.year, ...known);
  const newest = Math.max(today.year, ...known);

  const openChange = (next: boolean) => {
    setOpen(next);
    setPicker(IDLE);
    if (next) setLastYear(selection.current.year);
  };
  const choose = (pair: { previous: YearMonth; current: YearMonth }) => {
    onChange({ ...pair, isRangeMode: selection.isRangeMode });
    openChange(false);
  };
  const click = (month: YearMonth) => {
    const next = pickMonth(picker, month);
    if (next.pair) choose(next.pair);
    else setPicker(next.state);
  };

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger className="timeframe-picker__trigger">
        <span className="visually-hidden">Time period: </span>
        <span>{triggerText(selection)}</span>
        <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="timeframe-picker" align="start" sideOffset={4} aria-label="Choose the time period">
          <fieldset className="timeframe-picker__modes">
            <legend className="visually-hidden">Mode</legend>
            {([false, true] as const).map((isRange) => (
              <label key={String(isRange)} className="timeframe-picker__mode">
                <input
                  type="radio"
                  name={modeName}
                  checked={selection.isRangeMode === isRange}
                  onChange={() => onChange({ ...selection, isRangeMode: isRange })}
                />
                {isRange ? OUTCOMES_TEXT.range : OUTCOMES_TEXT.comparison}
              </label>
            ))}
          </fieldset>

          <div className="timeframe-picker__years">
            <button type="button" className="button button--ghost timeframe-picker__page" aria-label="Earlier year" disabled={years[0] !== undefined && years[0] <= oldest} onClick={() => setLastYear((y) => y - 1)}>‹</button>
            {years.map((year) => (
              <div key={year} className="timeframe-picker__year" role="group" aria-label={String(year)}>
                <p className="timeframe-picker__year-title" aria-hidden="true">{year}</p>
                <div className="timeframe-picker__grid">
                  {MONTHS.map((month) => {
                    const cell = { year, month };
                    const state = monthCellState(cell, timeframes, selection, picker);
                    const classes = ['timeframe-picker__month', state.selected ? 'is-selected' : '', state.between ? 'is-between' : ''].filter(Boolean).join(' ');
                    return (
                      <button key={month} type="button" className={classes} aria-label={monthTitle(cell)} aria-pressed={state.selected} disabled={state.disabled} onClick={() => click(cell)}>
                        {monthName(month).slice(0, 3)}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))}
            <button type="button" className="button button--ghost timeframe-picker__page" aria-label="Later year" disabled={lastYear >= newest} onClick={() => setLastYear((y) => y + 1)}>›</button>
          </div>
          <p className="timeframe-picker__hint" aria-live="polite">
            {picker.kind === 'intermediate' ? `${monthTitle(picker.first)} picked: choose the second month.` : ''}
          </p>

          <div className="timeframe-picker__presets" role="group" aria-label="Presets">
            {PRESET_KEYS.map((key) => {
              const pair = presetSelection(key, today, timeframes);
              return (
                <button key={key} type="button" className="button button--secondary" disabled={!pair} onClick={() => (pair ? choose(pair) : undefined)}>
                  {OUTCOMES_TEXT.presets[key]}
                </button>
              );
            })}
          </div>
          {canOpenSettings ? (
            <button type="button" className="button button--ghost timeframe-picker__settings" onClick={() => { openChange(false); onOpenSettings(); }}>
              {OUTCOMES_TEXT.settings}
            </button>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
