import { lazy, Suspense, useState } from 'react';
import { LoadBoundary } from '../../components/load-boundary';
import { useLazyPart } from '../../lib/lazy-part';
import { TEXT } from '@shared/constants';
import { formatAsOf } from '@shared/rules/format';
import { attentionCount, pendingCount } from '@shared/rules/outbox';
import { useDataAsOf, useOnline, useServerUnreachable } from '../../lib/offline/freshness';
import { useOutbox } from '../../lib/offline/outbox-client';
import { preload, usePreloadWhenIdle } from '../../lib/preload-when-idle';
import type { OfflineContext } from './sync-panel';

// The panel (Radix Popover, with floating-ui) and the conflict dialog are not in the shell's first
// load. The panel is fetched once the page is idle, not when first clicked: it is wanted most when
// the server is gone (found by offline-reconnect case 7, issue 28).
const loadPanel = () => import('./sync-panel');
const loadSyncPanel = () => loadPanel().then((m) => m.SyncPanel);
const ConflictDialog = lazy(() => import('./conflict-dialog').then((m) => ({ default: m.ConflictDialog })));

export interface SyncStatusProps {
  /** The current context ("acme/us/fizz-cola/fizz-original") and its screens; null outside a product. */
  offline: OfflineContext | null;
}

/** The top bar's sync state: offline and how old the data is, edits pending, and offline saving. */
export function SyncStatus({ offline }: SyncStatusProps) {
  const online = useOnline();
  const asOf = useDataAsOf();
  // The browser has a network but the server does not answer: the screen shows its last good data.
  const serverGone = useServerUnreachable();
  const commands = useOutbox();
  const [wanted, setWanted] = useState(false);
  // Fetched before the server went: a click then tries again, and the page stays (offline-reconnect case 7).
  const panel = useLazyPart(loadSyncPanel);
  usePreloadWhenIdle(loadPanel);
  const pending = pendingCount(commands);
  const attention = attentionCount(commands);
  const trouble = attention > 0;
  const triggerThat = (onClick: () => void) => (
    <button
      type="button"
      className={`sync-status__trigger${trouble ? ' sync-status__trigger--trouble' : ''}`}
      aria-haspopup="dialog"
      onPointerEnter={() => preload(loadPanel)}
      onFocus={() => preload(loadPanel)}
      onClick={onClick}
    >
      {[pending > 0 ? `${pending} pending` : null, attention > 0 ? `${attention} need${attention === 1 ? 's' : ''} you` : null].filter(Boolean).join(' · ') || 'All saved'}
    </button>
  );
  const trigger = triggerThat(() => setWanted(true));
  const SyncPanel = panel.Part;
  return (
    <div className="sync-status">
      {online && !serverGone ? null : (
        <span className="sync-status__offline" role="status">
          {online ? 'Server unreachable' : 'Offline'}{asOf ? <span className="sync-status__as-of"> · data as of {formatAsOf(asOf)}</span> : null}
        </span>
      )}
      {wanted ? (
        <LoadBoundary
          key={panel.attempt}
          fallback={<>{triggerThat(panel.retry)}<span className="sync-status__offline" role="status">{TEXT.partNotLoaded}</span></>}
        >
          <Suspense fallback={trigger}>
            <SyncPanel trigger={trigger} commands={commands} online={online} serverGone={serverGone} offline={offline} />
          </Suspense>
        </LoadBoundary>
      ) : trigger}
      {commands.some((c) => c.state === 'conflict') ? (
        <LoadBoundary>
          <Suspense fallback={null}>
            <ConflictDialog commands={commands} />
          </Suspense>
        </LoadBoundary>
      ) : null}
    </div>
  );
}
