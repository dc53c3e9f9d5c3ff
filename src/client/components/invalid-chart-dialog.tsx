import './invalid-chart-dialog.css';
import { useRef, useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { GROW, GROW_TEXT } from '@shared/rules/grow';

/** A handler that runs at most once per `ms` (spec 3 §9: destructive buttons, 5000 ms). */
export function useThrottled(fn: () => void, ms: number = GROW.throttleMs): () => void {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < ms) return;
    last.current = now;
    fn();
  };
}

/** The dialog's words: Grow's unless given (Journey's name a journey). */
export interface InvalidChartTexts {
  title: string;
  body: (invalidCount: number) => string;
  removeInvalid: string;
  deleteChart: string;
  confirmDelete: string;
  chooseAnother: string;
  cannotFix: string;
}

const GROW_TEXTS: InvalidChartTexts = {
  title: GROW_TEXT.invalidChartTitle,
  body: GROW_TEXT.invalidChart,
  removeInvalid: GROW_TEXT.removeInvalid,
  deleteChart: GROW_TEXT.deleteChart,
  confirmDelete: GROW_TEXT.confirmChartDelete,
  chooseAnother: 'Choose another chart',
  cannotFix: 'Ask someone who may edit Grow charts to fix this chart.',
};

interface InvalidChartProps {
  texts?: InvalidChartTexts;
  /** Between two uses of Remove and Delete (5000 ms). */
  throttleMs?: number;
  invalidCount: number;
  names: readonly string[];
  may: { update: boolean; destroy: boolean };
  /** Whether another chart can be opened instead. */
  canChooseAnother: boolean;
  onRemoveInvalid: () => void;
  onDeleteChart: () => void;
  onChooseAnother: () => void;
}

/**
 * A chart (a Grow chart, a journey) with audiences whose segments the provider no longer has
 * cannot be used (spec 3 §4, §8): remove those audiences or delete the chart, each at most once per 5 s.
 */
export function InvalidChartDialog({ texts = GROW_TEXTS, throttleMs, invalidCount, names, may, canChooseAnother, onRemoveInvalid, onDeleteChart, onChooseAnother }: InvalidChartProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useThrottled(onRemoveInvalid, throttleMs);
  const destroy = useThrottled(onDeleteChart, throttleMs);
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onEscapeKeyDown={(e) => e.preventDefault()}>
          <AlertDialog.Title>{texts.title}</AlertDialog.Title>
          <AlertDialog.Description>{texts.body(invalidCount)}</AlertDialog.Description>
          <ul className="dialog__list" aria-label="Invalid audiences">{names.map((n) => <li key={n}>{n}</li>)}</ul>
          {confirmDelete ? <p role="alert">{texts.confirmDelete}</p> : null}
          <div className="dialog__actions">
            {canChooseAnother ? <button type="button" className="button button--ghost" onClick={onChooseAnother}>{texts.chooseAnother}</button> : null}
            {may.update ? <button type="button" className="button button--secondary" onClick={remove}>{texts.removeInvalid}</button> : null}
            {may.destroy ? (
              <button type="button" className="button button--danger" onClick={() => (confirmDelete ? destroy() : setConfirmDelete(true))}>{confirmDelete ? `Yes, ${texts.deleteChart}` : texts.deleteChart}</button>
            ) : null}
          </div>
          {!may.update && !may.destroy ? <p>{texts.cannotFix}</p> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
