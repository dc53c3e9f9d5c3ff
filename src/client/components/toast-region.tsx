import { Toast } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { TIMING } from '@shared/constants';
import { removeToast, ui } from '../lib/ui-store';

/** Toasts: success style (or error, when asked), 4000 ms, not dismissible (spec 1 §9): no close button, no swipe. */
export function ToastRegion() {
  const snap = useSnapshot(ui);
  return (
    <Toast.Provider duration={TIMING.toastMs} swipeDirection="right">
      {snap.toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast--${t.tone ?? 'success'}`}
          duration={t.durationMs ?? TIMING.toastMs}
          onOpenChange={(open) => {
            if (!open) removeToast(t.id);
          }}
          onSwipeStart={(e) => e.preventDefault()}
          onSwipeMove={(e) => e.preventDefault()}
          onSwipeEnd={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => e.preventDefault()}
        >
          <Toast.Title className="toast__title">{t.title}</Toast.Title>
          {t.description ? <Toast.Description>{t.description}</Toast.Description> : null}
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}
