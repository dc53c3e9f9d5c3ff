import { useId, useState } from 'react';
import { GROW_TEXT } from '@shared/rules/grow';
import { OUTCOMES_TEXT, monthTitle, type YearMonth } from '@shared/rules/outcomes';
import type { Mekko } from '@shared/schemas/grow';
import { ActionAlert } from '../../components/action-alert';
import type { Acknowledgement } from '../../lib/offline/save-acknowledgement';
import { successToast } from '../../lib/ui-store';
import { deleteTimeframe, updateTimeframe, type TimeframeTarget } from './measure-commands';
import type { OutcomeTimeframeView } from './measure-edits';
import { draftOf, draftProblems, editedFields, figureColumns, isCurrentTimeframe, isDirty, levelProblems, loadedFigures, timeframeRows, type FigureDraft } from './settings-model';
import { TimeframeFiguresTable } from './timeframe-figures-table';

interface Props {
  context: string;
  chart: Mekko;
  timeframe: OutcomeTimeframeView;
  today: YearMonth;
  marketLevelOnly: boolean;
  canDestroy: boolean;
}

/** Edit mode: the copy taken when Edit was pressed (what Cancel restores and the save is based on) and the figures typed. */
interface Editing {
  backup: OutcomeTimeframeView;
  draft: FigureDraft;
}

/** The notice once a write's fate is known; a refusal is told by the data layer (§8's text for 6 s), a conflict by the sync panel. */
function tell(outcome: Acknowledgement, done: string) {
  if (outcome === 'applied') successToast(done);
  else if (outcome === 'queued') successToast(GROW_TEXT.savedOnDevice);
}

/**
 * One month of the timeframes admin (spec 3 §2.5, §4 'Timeframe card'): collapsible, titled with
 * the month and year; the current month is marked 'Current Timeframe' and has no actions; others
 * have Edit (everyone with the panel open) and Delete (with destroy, after a confirmation). Edit
 * turns the figures into numeric inputs; Save sends them through the outbox based on the copy
 * taken at Edit and leaves edit mode once queued; Cancel restores that copy.
 */
export function TimeframeCard({ context, chart, timeframe, today, marketLevelOnly, canDestroy }: Props) {
  const id = useId();
  const title = monthTitle(timeframe);
  const [open, setOpen] = useState(false);
  const [expandedMarkets, setExpandedMarkets] = useState<ReadonlySet<number>>(() => new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const current = isCurrentTimeframe(timeframe, today);
  const shown = loadedFigures(chart, editing?.backup ?? timeframe);
  const rows = timeframeRows(chart, shown);
  const problems = editing ? draftProblems(editing.draft) : {};
  // Decision 014: a figure above its parent's is refused here, before the outbox, with the server's words.
  const levels = editing ? levelProblems(chart, editing.backup, editing.draft) : {};
  const bad = Object.keys(problems).length > 0 || Object.keys(levels).length > 0;
  const target = (t: OutcomeTimeframeView): TimeframeTarget | null =>
    t.id === null ? null : { id: t.id, version: t.version, mekkoId: chart.id, year: t.year, month: t.month };
  const hasActions = !current && timeframe.id !== null;

  const toggleMarket = (marketId: number) =>
    setExpandedMarkets((before) => {
      const next = new Set(before);
      if (!next.delete(marketId)) next.add(marketId);
      return next;
    });

  const startEdit = () => {
    const backup = loadedFigures(chart, timeframe);
    setEditing({ backup, draft: draftOf(backup) });
    setOpen(true);
  };

  const save = () => {
    if (!editing) return;
    const edited = editedFields(chart.id, editing.backup, editing.draft);
    // A timeframe added on this device may have been named by the server since Edit: its id and version then.
    const to = target(String(editing.backup.id) === String(timeframe.id) ? editing.backup : timeframe);
    if (!edited || !to) return;
    if (!isDirty(editing.draft, editing.backup)) return setEditing(null);
    setSaving(true);
    const { queued, outcome } = updateTimeframe(context, to, { outcome_timeframe: edited.fields }, edited.base);
    queued.then(
      () => {
        setSaving(false);
        setEditing(null);
      },
      // The data layer shows §8's text; the figures stay in edit mode to try again.
      () => setSaving(false),
    );
    void outcome.then((result) => tell(result, OUTCOMES_TEXT.saved(title)));
  };

  const remove = () => {
    const to = target(timeframe);
    if (!to) return;
    void deleteTimeframe(context, to).outcome.then((result) => tell(result, OUTCOMES_TEXT.deleted(title)));
  };

  return (
    <section className="timeframe-card" aria-labelledby={`${id}-title`} aria-busy={saving || undefined}>
      <header className="timeframe-card__header">
        <h3 className="timeframe-card__title">
          <button type="button" id={`${id}-title`} aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen((o) => !o)}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span> {title}
          </button>
        </h3>
        {current ? <span className="badge timeframe-card__current">{OUTCOMES_TEXT.currentTimeframe}</span> : null}
        {hasActions ? (
          <div className="timeframe-card__actions">
            {editing ? (
              <>
                <button type="button" className="button button--ghost" onClick={() => setEditing(null)} disabled={saving}>{OUTCOMES_TEXT.cancel}</button>
                <button type="button" className="button button--primary" onClick={save} disabled={bad || saving}>{OUTCOMES_TEXT.save}</button>
              </>
            ) : (
              <>
                <button type="button" className="button button--ghost" onClick={startEdit}>{OUTCOMES_TEXT.edit}</button>
                {canDestroy ? <button type="button" className="button button--danger" onClick={() => setConfirmingDelete(true)}>{OUTCOMES_TEXT.delete}</button> : null}
              </>
            )}
          </div>
        ) : null}
      </header>
      {open ? (
        <div id={`${id}-body`} className="timeframe-card__body">
          <TimeframeFiguresTable
            rows={rows} columns={figureColumns(marketLevelOnly)} expanded={expandedMarkets} onToggleMarket={toggleMarket}
            edit={editing ? { draft: editing.draft, problems, flagged: levels, onChange: (field, text) => setEditing((e) => (e ? { ...e, draft: { ...e.draft, [field]: text } } : e)) } : undefined}
          />
          {Object.keys(levels).length > 0 ? (
            // Listed under the table: the figure may sit in a folded market or a column this region hides.
            <ul className="timeframe-card__problems field__error" role="alert">
              {Object.entries(levels).map(([field, message]) => <li key={field}>{message}</li>)}
            </ul>
          ) : null}
          {rows.markets.length === 0 ? <p className="timeframe-card__empty">{OUTCOMES_TEXT.noMarkets}</p> : null}
        </div>
      ) : null}
      {confirmingDelete ? (
        <ActionAlert
          title={OUTCOMES_TEXT.deleteConfirmTitle} message={OUTCOMES_TEXT.deleteConfirm(title)}
          confirm={{ label: OUTCOMES_TEXT.delete, onConfirm: remove }} onClose={() => setConfirmingDelete(false)}
        />
      ) : null}
    </section>
  );
}
