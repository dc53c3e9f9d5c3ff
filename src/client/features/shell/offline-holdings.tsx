import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatAsOf } from '@shared/rules/format';
import { formatBytes } from '@shared/rules/offline';
import { listOfflineHoldings, removeOfflineHolding, useHoldingsVersion, type OfflineHolding } from '../../lib/offline/make-available';

/** Whether the browser granted persistent storage: null when it offers none. */
async function persistedStorage(): Promise<boolean | null> {
  if (typeof navigator.storage?.persisted !== 'function') return null;
  return navigator.storage.persisted().catch(() => false);
}

/** Issue 27: whether what is saved here survives the browser's clean-up when space runs low. */
function storageNote(persisted: boolean | null): string {
  if (persisted) return 'Persistent storage granted: this browser keeps what is saved here until you remove it.';
  return `Persistent storage ${persisted === null ? 'is not offered by this browser' : 'not granted'}: it may clear what is saved here when the device runs low on space.`;
}

/**
 * What each context made available offline holds on this device (issue 12): its size (an
 * estimate: its persisted queries and device rows as JSON) and when it was saved, and a way to
 * remove it. Read again whenever a run saves or a context is removed.
 */
export function OfflineHoldings() {
  const id = useId();
  const queryClient = useQueryClient();
  const version = useHoldingsVersion();
  const [holdings, setHoldings] = useState<OfflineHolding[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [persisted, setPersisted] = useState<boolean | null>(null);

  useEffect(() => {
    let current = true;
    // Asked for when a context is made available offline (make-available.ts); the browser decides.
    void persistedStorage().then((granted) => current && setPersisted(granted));
    listOfflineHoldings()
      .then((list) => current && setHoldings([...list].sort((a, b) => a.label.localeCompare(b.label))))
      // Storage that cannot be read (private mode) holds nothing to list.
      .catch(() => current && setHoldings([]));
    return () => {
      current = false;
    };
  }, [version]);

  const remove = async (holding: OfflineHolding) => {
    setRemoving(holding.context);
    setError(null);
    try {
      await removeOfflineHolding(queryClient, holding.context);
    } catch {
      setError(`${holding.label} could not be removed from this device. Try again.`);
    } finally {
      setRemoving(null);
    }
  };

  if (holdings === null) return null;
  return (
    <section className="offline-holdings" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="offline-holdings__title">Saved for offline use</h3>
      {holdings.length === 0 ? (
        <p className="sync-panel__note">Nothing is saved for offline use on this device.</p>
      ) : (
        <ul className="sync-panel__list" aria-labelledby={`${id}-title`}>
          {holdings.map((h) => (
            <li key={h.context} className="sync-panel__item">
              <span className="sync-panel__label">{h.label}</span>
              <span className="sync-panel__state">
                {formatBytes(h.bytes)} · saved {formatAsOf(h.savedAt)}
                {h.failed > 0 ? ` · ${h.failed} ${h.failed === 1 ? 'step' : 'steps'} failed` : ''}
              </span>
              <button
                type="button" className="button button--ghost" disabled={removing !== null}
                aria-label={`Remove ${h.label} from this device`} onClick={() => void remove(h)}
              >
                {removing === h.context ? 'Removing…' : 'Remove'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {holdings.length > 0 ? <p className="sync-panel__note">{storageNote(persisted)}</p> : null}
      {error ? <p role="alert" className="field__error">{error}</p> : null}
    </section>
  );
}
