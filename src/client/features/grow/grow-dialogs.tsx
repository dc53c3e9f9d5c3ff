import { useRef, useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { GROW, GROW_TEXT } from '@shared/rules/grow';

interface AlertProps {
  title: string;
  message: string;
  onClose: () => void;
  /** A destructive confirmation's button (deleting a chart, market or audience); without it, a message and Close. */
  confirm?: { label: string; onConfirm: () => void };
}

/**
 * Grow's alerts: 'Cannot Filter By This Audience!' and 'Invalid Audiences Selected!' (spec 3 §8)
 * with Close, and the delete confirmations with Cancel and the destructive action.
 */
export function GrowAlert({ title, message, onClose, confirm }: AlertProps) {
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>{title}</AlertDialog.Title>
          <AlertDialog.Description>{message}</AlertDialog.Description>
          <div className="dialog__actions">
            {confirm ? (
              <>
                <AlertDialog.Cancel className="button button--ghost">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className="button button--danger" onClick={confirm.onConfirm}>{confirm.label}</AlertDialog.Action>
              </>
            ) : (
              <AlertDialog.Action className="button button--primary" onClick={onClose}>Close</AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** A handler that runs at most once per GROW.throttleMs (spec 3 §9: destructive buttons). */
function useThrottled(fn: () => void): () => void {
  const last = useRef(0);
  return () => {
    const now = Date.now();
    if (now - last.current < GROW.throttleMs) return;
    last.current = now;
    fn();
  };
}

interface InvalidChartProps {
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
 * A chart with audiences whose segments the provider no longer has cannot be used (spec 3 §8):
 * remove those audiences or delete the chart, each at most once per 5 s.
 */
export function InvalidChartDialog({ invalidCount, names, may, canChooseAnother, onRemoveInvalid, onDeleteChart, onChooseAnother }: InvalidChartProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const remove = useThrottled(onRemoveInvalid);
  const destroy = useThrottled(onDeleteChart);
  return (
    <AlertDialog.Root open>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onEscapeKeyDown={(e) => e.preventDefault()}>
          <AlertDialog.Title>{GROW_TEXT.invalidChartTitle}</AlertDialog.Title>
          <AlertDialog.Description>{GROW_TEXT.invalidChart(invalidCount)}</AlertDialog.Description>
          <ul className="dialog__list" aria-label="Invalid audiences">{names.map((n) => <li key={n}>{n}</li>)}</ul>
          {confirmDelete ? <p role="alert">{GROW_TEXT.confirmChartDelete}</p> : null}
          <div className="dialog__actions">
            {canChooseAnother ? <button type="button" className="button button--ghost" onClick={onChooseAnother}>Choose another chart</button> : null}
            {may.update ? <button type="button" className="button button--secondary" onClick={remove}>{GROW_TEXT.removeInvalid}</button> : null}
            {may.destroy ? (
              <button type="button" className="button button--danger" onClick={() => (confirmDelete ? destroy() : setConfirmDelete(true))}>{confirmDelete ? `Yes, ${GROW_TEXT.deleteChart}` : GROW_TEXT.deleteChart}</button>
            ) : null}
          </div>
          {!may.update && !may.destroy ? <p>Ask someone who may edit Grow charts to fix this chart.</p> : null}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
