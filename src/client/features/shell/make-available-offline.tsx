import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useRouter } from '@tanstack/react-router';
import { parseContextHeader, resolveContext } from '@shared/rules/context';
import { offlineRunStatement } from '@shared/rules/offline';
import { retryFailedSteps, takeContextOffline, useOfflineRun } from '../../lib/offline/make-available';
// Every feature's preparer, by a loader each: the list loads with this (lazy) panel, never the shell.
import '../../offline-preparers';
import '../../styles/offline-run.css';
import { OfflineHoldings } from './offline-holdings';
import type { OfflineContext } from './sync-panel';

const appRoute = getRouteApi('/_app');

/**
 * The sync panel's "Make available offline" (issue 12): takes everything the context's pages
 * need, one named step at a time, shows "n of m", and at the end says exactly what failed and
 * why, offering to retry only that; below, what each context holds on this device.
 */
export function MakeAvailableOffline({ contextKey, contextLabel, paths, online }: OfflineContext & { online: boolean }) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { permissions, hierarchy } = appRoute.useRouteContext();
  const run = useOfflineRun(contextKey);
  const slugs = parseContextHeader(contextKey);
  const resolved = slugs ? resolveContext(hierarchy, slugs) : null;
  const busy = run?.running ?? false;

  const start = () => {
    if (!resolved) return;
    void takeContextOffline({
      queryClient,
      scope: { context: resolved, productPath: contextKey, permissions },
      contextLabel,
      screens: paths,
      preloader: { preloadRoute: ({ href }) => router.preloadRoute({ to: href }) },
    });
  };
  const failed = run && !run.running ? run.failures : [];

  return (
    <div className="sync-panel__offline offline-run">
      <button type="button" className="button button--secondary" disabled={busy || !online || !resolved} onClick={start}>
        Make available offline
      </button>
      <p className="sync-panel__note" role="status">
        {run
          ? offlineRunStatement({ contextLabel, done: run.done, total: run.total, failures: run.failures, running: run.running })
          : online
            ? `Saves ${contextLabel} on this device: every screen, and each Grow chart with its counts and insights.`
            : 'Connect to the network to save this context for offline use.'}
      </p>
      {busy && run ? <progress className="offline-run__progress" value={run.done} max={Math.max(run.total, 1)} aria-hidden="true" /> : null}
      {failed.length > 0 ? (
        <>
          <h3 id={`${id}-failed`} className="offline-run__title">Not saved</h3>
          <ul className="offline-run__failures" aria-labelledby={`${id}-failed`}>
            {failed.map((f, i) => (
              <li key={`${i}-${f.label}`}>
                <span className="offline-run__step">{f.label}</span>: {f.reason}
              </li>
            ))}
          </ul>
          <button type="button" className="button button--secondary" disabled={!online} onClick={() => void retryFailedSteps(contextKey)}>
            {`Retry ${failed.length === 1 ? 'the failed step' : `the ${failed.length} failed steps`}`}
          </button>
        </>
      ) : null}
      <OfflineHoldings />
    </div>
  );
}
