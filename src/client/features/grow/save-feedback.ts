import { GROW_TEXT } from '@shared/rules/grow';
import type { OutboxCommand } from '@shared/rules/outbox';
import type { Acknowledgement } from '../../lib/offline/save-acknowledgement';
import { MEKKO_ENTITY } from '../../lib/grow-keys';

/**
 * What the Grow page says about its reads and edits (issue 13, spec 3 §2.2 and §8): 'Loading' while
 * something is on its way to or from the server, the success notice once the server has an edit,
 * "Saved on this device" while it only sits in the outbox.
 */

type QueuedEdit = Pick<OutboxCommand, 'entity' | 'entityId' | 'state'> & { context: string | null };

/**
 * A Grow edit of this context is being sent: the server can be reached (the network is up and the
 * server is not known to be away) and it is not waiting for a retry, itself or behind an edit of
 * the same chart that waits (one at a time per chart). Issue 27: with the server away, a chart's
 * second edit stayed 'pending' behind the first one's retry and the page said 'Loading' for ever.
 */
export function savingNow(commands: readonly QueuedEdit[], context: string, reachable: boolean): boolean {
  if (!reachable) return false;
  const ours = commands.filter((c) => c.entity === MEKKO_ENTITY && c.context === context);
  const waits = new Set(ours.filter((c) => c.state === 'waiting').map((c) => c.entityId));
  return ours.some((c) => c.state === 'pending' && !waits.has(c.entityId));
}

/**
 * The words for a chart the user made (created or copied) that the server has not named yet. An
 * existing chart (a number id) never gets them, whatever is queued on it; a new one only while it
 * waits on the device (offline, or its send failed), since on its way it is simply 'Loading'.
 */
export function madeOnDevice(chart: { id: number | string; pending?: boolean } | undefined, commands: readonly (QueuedEdit & { entityId: string })[], online: boolean): boolean {
  if (!chart?.pending || typeof chart.id === 'number') return false;
  const own = commands.filter((c) => c.entity === MEKKO_ENTITY && c.entityId === String(chart.id));
  return !online || own.some((c) => c.state === 'waiting');
}

/** The notice once an edit's fate is known: the action's word from the server, or that it is kept on this device; a refusal is explained by the outbox. */
export function noticeFor(outcome: Acknowledgement, success: string): string | null {
  if (outcome === 'applied') return success;
  if (outcome === 'queued') return GROW_TEXT.savedOnDevice;
  return null;
}
