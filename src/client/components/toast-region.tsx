import { Toast } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { TIMING } from '@shared/constants';
import { removeToast, ui } from '../lib/ui-store';

/**
 * Toasts, not dismissible (spec 1 §9): no close button, no swipe. Each is styled by what it
 * reports (success, error, warning); a failure is announced at once (foreground), a success politely.
 */
export function ToastRegion() {
  const snap = useSnapshot(ui);
  return (
    <Toast.Provider duration={TIMING.toastMs} swipeDirection="right">
      {snap.toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`toast toast--${t.tone}`}
          data-tone={t.tone}
          type={t.tone === 'success' ? 'background' : 'foreground'}
          duration={t.durationMs}
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
