import { useState, useSyncExternalStore } from 'react';
import { TEXT } from '@shared/constants';
import { reloadToUpdate, updateStatus } from '../lib/service-worker';

/**
 * The non-modal prompt shown when a new version is waiting (issue 4). The page keeps working
 * until the user chooses Reload; the reload waits for queued edits being sent.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(updateStatus.subscribe, updateStatus.waiting, () => false);
  const [reloading, setReloading] = useState(false);
  if (!waiting) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{TEXT.updateAvailable}</span>
      <button
        type="button"
        className="button button--primary"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reloadToUpdate();
        }}
      >
        {TEXT.updateReload}
      </button>
    </div>
  );
}
