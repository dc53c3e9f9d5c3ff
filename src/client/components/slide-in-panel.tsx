import './slide-in-panel.css';
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';

interface Props {
  title: string;
  description?: string;
  /** The spec's panel widths (450, 550, 650, 800). */
  widthPx: number;
  onClose: () => void;
  children: ReactNode;
}

/** A panel that slides in from the right over the page (spec 3 §2.2 slide-in forms); Escape or the overlay closes it. */
export function SlideInPanel({ title, description, widthPx, onClose, children }: Props) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="slide-in" style={{ width: `min(${widthPx}px, 100vw)` }}>
          <header className="slide-in__header">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close className="button button--ghost" aria-label="Close">✕</Dialog.Close>
          </header>
          {description ? <Dialog.Description className="slide-in__description">{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          <div className="slide-in__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
