import { deviceDb } from './device-db';
import { whenSettled } from './outbox-client';

/** How an edit went, as far as the page's notice is concerned (Grow's and Journey's saves). */
export type Acknowledgement = 'applied' | 'refused' | 'queued' | 'conflict';

/** How often a sent edit is looked at for a failed send (it then waits on the device for a retry). */
const WATCH_MS = 400;

/**
 * Follows a queued edit until the server answers it ('applied' or 'refused'), it is left on the
 * device ('queued': the browser is offline, or the send failed and waits for a retry), or it meets
 * a newer version it cannot merge with ('conflict': the user chooses in the sync panel). `settled`
 * resolves when the server finally has it, even after 'queued' (a new chart opens then).
 */
export function acknowledgement(id: string): { outcome: Promise<Acknowledgement>; settled: Promise<{ applied: boolean; data: unknown }> } {
  const settled = whenSettled(id);
  const outcome = new Promise<Acknowledgement>((resolve) => {
    if (!navigator.onLine) return resolve('queued');
    const finish = (result: Acknowledgement) => {
      clearInterval(timer);
      window.removeEventListener('offline', onOffline);
      resolve(result);
    };
    const onOffline = () => finish('queued');
    const timer = setInterval(() => {
      void deviceDb()
        .then((db) => db.outbox.get(id))
        .then((command) => {
          if (command?.state === 'waiting') finish('queued');
          else if (command?.state === 'conflict') finish('conflict');
          // Gone without this tab seeing the answer (another tab sent it): nothing more to watch.
          else if (!command) clearInterval(timer);
        })
        .catch(() => undefined);
    }, WATCH_MS);
    window.addEventListener('offline', onOffline);
    void settled.then((s) => finish(s.applied ? 'applied' : 'refused'));
  });
  return { outcome, settled };
}
