import { useState } from 'react';
import { EXPLORE_LIMITS } from '@shared/rules/explore';
import type { CustomWidgetRow } from '@shared/schemas/explore';
import type { WidgetView } from './persona-edits';

export interface WidgetDraft {
  name: string;
  tab: string;
  rows: CustomWidgetRow[];
}

const emptyRow = (): CustomWidgetRow => ({ attribute: '', value: '', count: null, percent: null });

/** What is wrong with a draft, or null (the API's rules, said before sending). */
export function draftIssue(draft: WidgetDraft, needsTab: boolean): string | null {
  if (!draft.name.trim()) return 'Widget name is required';
  if (needsTab && !draft.tab.trim()) return 'Tab is required';
  if (draft.rows.length > EXPLORE_LIMITS.widgetRows) return `A widget may have at most ${EXPLORE_LIMITS.widgetRows} rows`;
  for (const row of draft.rows) {
    if (!row.attribute.trim()) return 'Name the attribute';
    if (!row.value.trim()) return 'Name the value';
    if (row.percent !== null && (row.percent < 0 || row.percent > 100)) return 'A percent is between 0 and 100';
    if (row.count !== null && row.count < 0) return 'A count cannot be negative';
  }
  return null;
}

const numberOrNull = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** One widget's form: its name, its tab, and its rows (attribute, value, and people or a percent). */
export function WidgetEditor({ widget, needsTab, onSave, onDelete, onCancel }: {
  widget: Pick<WidgetView, 'name' | 'tab' | 'rows'> | null;
  needsTab: boolean;
  onSave: (draft: WidgetDraft) => void;
  onDelete?: () => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<WidgetDraft>(() => ({ name: widget?.name ?? '', tab: widget?.tab ?? 'Demographics', rows: widget?.rows.map((r) => ({ ...r })) ?? [emptyRow()] }));
  const [tried, setTried] = useState(false);
  const issue = draftIssue(draft, needsTab);
  const setRow = (i: number, patch: Partial<CustomWidgetRow>) => setDraft((d) => ({ ...d, rows: d.rows.map((r, j) => (j === i ? { ...r, ...patch } : r)) }));

  return (
    <form
      className="widget-editor"
      aria-label={widget ? `Edit widget ${widget.name}` : 'New widget'}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (issue === null) onSave({ ...draft, name: draft.name.trim(), tab: draft.tab.trim() });
      }}
    >
      <label className="field">
        <span>Widget name</span>
        <input value={draft.name} maxLength={200} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
      </label>
      {needsTab ? (
        <label className="field">
          <span>Tab</span>
          <input value={draft.tab} maxLength={100} onChange={(e) => setDraft({ ...draft, tab: e.target.value })} />
        </label>
      ) : null}
      <table className="widget-editor__rows">
        <thead>
          <tr><th scope="col">Attribute</th><th scope="col">Value</th><th scope="col">People</th><th scope="col">Percent</th><th scope="col"><span className="visually-hidden">Remove</span></th></tr>
        </thead>
        <tbody>
          {draft.rows.map((row, i) => (
            <tr key={i}>
              <td><input aria-label={`Attribute of row ${i + 1}`} value={row.attribute} onChange={(e) => setRow(i, { attribute: e.target.value })} /></td>
              <td><input aria-label={`Value of row ${i + 1}`} value={row.value} onChange={(e) => setRow(i, { value: e.target.value })} /></td>
              <td><input aria-label={`People of row ${i + 1}`} inputMode="numeric" value={row.count ?? ''} onChange={(e) => setRow(i, { count: numberOrNull(e.target.value), percent: null })} /></td>
              <td><input aria-label={`Percent of row ${i + 1}`} inputMode="decimal" value={row.percent ?? ''} onChange={(e) => setRow(i, { percent: numberOrNull(e.target.value), count: null })} /></td>
              <td><button type="button" className="button button--ghost" aria-label={`Remove row ${i + 1}`} onClick={() => setDraft((d) => ({ ...d, rows: d.rows.filter((_, j) => j !== i) }))}>✕</button></td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button--ghost" disabled={draft.rows.length >= EXPLORE_LIMITS.widgetRows} onClick={() => setDraft((d) => ({ ...d, rows: [...d.rows, emptyRow()] }))}>
        Add row
      </button>
      {tried && issue ? <p role="alert" className="field__error">{issue}</p> : null}
      <div className="dialog__actions">
        {onDelete ? <button type="button" className="button button--danger" onClick={onDelete}>Delete widget</button> : null}
        {onCancel ? <button type="button" className="button button--ghost" onClick={onCancel}>Cancel</button> : null}
        <button type="submit" className="button button--primary">Save widget</button>
      </div>
    </form>
  );
}
