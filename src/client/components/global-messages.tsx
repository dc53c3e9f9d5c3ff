import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ui } from '../lib/ui-store';
import { LoadBoundary } from './load-boundary';

// Radix Toast loads with the first toast, not with the shell.
const loadToastRegion = () => lazy(() => import('./toast-region').then((m) => ({ default: m.ToastRegion })));
let ToastRegion = loadToastRegion();

/** The global banner, context warnings and toasts (spec 1 §8, §9). */
export function GlobalMessages({ children }: { children: ReactNode }) {
  const snap = useSnapshot(ui);
  const [toastsUsed, setToastsUsed] = useState(false);
  if (!toastsUsed && snap.toasts.length > 0) setToastsUsed(true);
  return (
    <>
      {snap.banner ? (
        <div className="global-banner" role="alert">
          {snap.banner.message}
        </div>
      ) : null}
      {snap.warnings.length > 0 ? (
        <div className="context-warnings" role="alert">
          {snap.warnings.map((w) => (
            <div key={w.id} className="context-warning">
              {w.lines.map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ))}
        </div>
      ) : null}
      {children}
      {toastsUsed ? (
        <LoadBoundary onRetry={() => (ToastRegion = loadToastRegion())}>
          <Suspense fallback={null}>
            <ToastRegion />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </>
  );
}
