import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatAsOf } from '@shared/rules/format';
import { formatBytes } from '@shared/rules/offline';
import { listOfflineHoldings, removeOfflineHolding, useHoldingsVersion, type OfflineHolding } from '../../lib/offline/make-available';

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

  useEffect(() => {
    let current = true;
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
      {error ? <p role="alert" className="field__error">{error}</p> : null}
    </section>
  );
}
