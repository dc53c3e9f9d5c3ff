import { GROW_TEXT } from '@shared/rules/grow';
import { JOURNEY, JOURNEY_TEXT } from '@shared/rules/journey';
import type { StoredCommand } from '../../../lib/offline/db';
import { deviceDb } from '../../../lib/offline/device-db';
import { discardCommand } from '../../../lib/offline/outbox-actions';
import { acknowledgement } from '../../../lib/offline/save-acknowledgement';
import { errorToast, successToast } from '../../../lib/ui-store';
import { copyJourney, deleteJourney, removeInvalidCells, type JourneyTarget } from '../data/journey-commands';

const toast = (title: string) => successToast(title, undefined, JOURNEY.toastMs);
const failed = (title: string) => errorToast(title, undefined, JOURNEY.toastMs);
const WATCH_MS = 500;

/**
 * A copy whose name is taken is answered 409 with the duplicate text (spec 3 §8): it is no edit
 * to merge, so it is dropped from the outbox and the user told, rather than offered "keep mine".
 */
function watchDuplicateConflict(id: string): void {
  const timer = setInterval(() => {
    void deviceDb()
      .then((db) => db.outbox.get(id))
      .then(async (command) => {
        if (!command) return clearInterval(timer);
        if (command.state !== 'conflict') return;
        clearInterval(timer);
        await discardCommand(id);
        failed(JOURNEY_TEXT.duplicateConflict);
      })
      .catch(() => clearInterval(timer));
  }, WATCH_MS);
}

const newId = (data: unknown) => (typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number' ? (data as { id: number }).id : undefined);

/**
 * The view's writes (copy, delete, 'Remove Invalid Audience(s)'), each through the outbox and
 * acknowledged with the spec's texts (§8) as 5 s toasts once the server has it, or "Saved on
 * this device" while it waits there. A copy opens once the server has named it.
 */
export function useJourneyActions(context: string, open: (id: number | string | undefined) => void) {
  /** `conflictSaid`: a 409 is answered in its own words elsewhere (a copy's name clash), not as the generic failure too. */
  const follow = (work: Promise<StoredCommand>, success: string, failure: string, then?: (data: unknown) => void, conflictSaid = false) =>
    work.then((command) => {
      const { outcome, settled } = acknowledgement(command.id);
      void outcome.then((result) => {
        if (result === 'applied') toast(success);
        else if (result === 'queued') toast(GROW_TEXT.savedOnDevice);
        else if (result !== 'conflict' || !conflictSaid) failed(failure);
      });
      void settled.then((s) => (s.applied ? then?.(s.data) : undefined));
      return command;
    }).catch(() => {
      failed(failure);
      return null;
    });

  return {
    copy(source: JourneyTarget) {
      const { queued } = copyJourney(context, source);
      void follow(queued, JOURNEY_TEXT.duplicated, JOURNEY_TEXT.duplicateFailed, (data) => open(newId(data)), true).then((command) => command && watchDuplicateConflict(command.id));
    },
    remove(target: JourneyTarget) {
      void follow(deleteJourney(context, target), JOURNEY_TEXT.deleted, JOURNEY_TEXT.deleteFailed);
      open(undefined);
    },
    removeInvalid(target: JourneyTarget) {
      void follow(removeInvalidCells(context, target), JOURNEY_TEXT.saved, JOURNEY_TEXT.saveFailed);
    },
  };
}
