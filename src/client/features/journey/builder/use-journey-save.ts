import { useEffect, useRef, useState } from 'react';
import { GROW_TEXT } from '@shared/rules/grow';
import { JOURNEY, JOURNEY_TEXT, type JourneyDraft } from '@shared/rules/journey';
import type { StoredCommand } from '../../../lib/offline/db';
import { acknowledgement } from '../../../lib/offline/save-acknowledgement';
import { errorToast, successToast } from '../../../lib/ui-store';
import { createJourney, updateJourney, type JourneyTarget } from '../data/journey-commands';

/** Where the builder goes once a save is settled or queued: the journey's page (its id once the server named it). */
export type AfterSave = (journeyId: number | string | undefined) => void;

const savedId = (data: unknown): number | undefined =>
  typeof data === 'object' && data !== null && typeof (data as { id?: unknown }).id === 'number' ? (data as { id: number }).id : undefined;

/**
 * Save and Close (spec 3 §2.4, §8; decision 013): the whole journey as one outbox command, a
 * create or an edit with `base` (the journey as loaded). Online, the page waits for the server:
 * 'Changes saved!' and the journey's page, or on a refusal the builder stays open with the
 * spec's failure notice (the outbox says why). Offline, or when the send has to wait, the edit
 * is kept on this device ('Saved on this device') and the page goes back to the journey; so it
 * does when someone changed the same item otherwise meanwhile, where the outbox asks whose to keep.
 */
export function useJourneySave(context: string, target: JourneyTarget | null, base: JourneyDraft, afterSave: AfterSave) {
  const [saving, setSaving] = useState(false);
  // The answer may come after the user left the builder: then it only tells, it does not move them.
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  const leave: AfterSave = (journeyId) => {
    if (open.current) afterSave(journeyId);
  };
  const fail = () => {
    if (open.current) setSaving(false);
    errorToast(JOURNEY_TEXT.saveFailed, undefined, JOURNEY.toastMs);
  };

  const save = (draft: JourneyDraft) => {
    setSaving(true);
    let queued: Promise<StoredCommand>;
    try {
      queued = target ? updateJourney(context, target, draft, base) : createJourney(context, draft).queued;
    } catch {
      return fail();
    }
    void queued.then((command) => {
      const { outcome, settled } = acknowledgement(command.id);
      void outcome.then(async (result) => {
        if (result === 'refused') return fail();
        // Someone changed the same item differently meanwhile: the sync panel asks which to keep.
        if (result === 'conflict') return leave(target?.id);
        if (result === 'queued') {
          successToast(GROW_TEXT.savedOnDevice, undefined, JOURNEY.toastMs);
          return leave(target?.id);
        }
        const answer = await settled;
        successToast(JOURNEY_TEXT.saved, undefined, JOURNEY.toastMs);
        leave(target?.id ?? savedId(answer.data));
      });
    }, fail);
  };

  return { saving, save };
}
