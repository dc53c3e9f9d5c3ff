import type { PermissionSet } from '../permissions';
import { checkArea, type FeatureFlags } from './access';
import { formatShortDate } from './format';
import type { ActivationState } from '../schemas/activations';

/** Spec 1 §4: what each state is called on screen. */
export const ACTIVATION_STATE_LABELS: Record<ActivationState, string> = {
  draft: 'Draft',
  on_hold: 'On Hold',
  in_progress: 'In Progress',
  finalizing: 'Finalizing',
  complete: 'Complete',
  canceled: 'Canceled',
  error: 'Error',
};

export type BadgeColour = 'lime' | 'pineapple' | 'apple';

/** Spec 1 §4: Complete is Lime; Draft, On Hold, In Progress, Finalizing are Pineapple; Canceled, Error are Apple. */
export const ACTIVATION_BADGE_COLOURS: Record<ActivationState, BadgeColour> = {
  draft: 'pineapple',
  on_hold: 'pineapple',
  in_progress: 'pineapple',
  finalizing: 'pineapple',
  complete: 'lime',
  canceled: 'apple',
  error: 'apple',
};

/** The Delivery Status badge of a state. */
export function deliveryStatus(state: ActivationState): { label: string; colour: BadgeColour } {
  return { label: ACTIVATION_STATE_LABELS[state], colour: ACTIVATION_BADGE_COLOURS[state] };
}

/** A delivery job is at work: nothing else may start, and the page keeps asking until it ends. */
export const RUNNING_STATES: readonly ActivationState[] = ['in_progress', 'finalizing'];
/** Over: cancelling has nothing left to stop. */
export const ENDED_STATES: readonly ActivationState[] = ['complete', 'canceled', 'error'];

export const isRunning = (state: ActivationState) => RUNNING_STATES.includes(state);

/** Which row actions a state allows: Refresh re-sends when no delivery runs; Cancel stops one that has not ended. */
export function activationActions(state: ActivationState): { refresh: boolean; cancel: boolean } {
  return { refresh: !isRunning(state), cancel: !ENDED_STATES.includes(state) };
}

/** The stored end date of an activation with none (spec 1 §2.4: a 1970 end date shows "-"). */
export const OPEN_ENDED = '1970-01-01T00:00:00.000Z';

export function isOpenEnded(endDate: string): boolean {
  return new Date(endDate).getUTCFullYear() === 1970;
}

/** End Date as the tables show it: "-" in 1970 (open-ended), else the product's short date. */
export function formatEndDate(endDate: string): string {
  return isOpenEnded(endDate) ? '-' : formatShortDate(endDate);
}

/** Last Refresh and Sent Date: "-" until there is one. */
export function formatActivationDate(at: string | null): string {
  return at === null ? '-' : formatShortDate(at);
}

/**
 * Whether delivery has stopped for good: its end date is a day before `today` (yyyy-MM-dd, UTC).
 * An activation may still be sent on its end date.
 */
export function pastEndDate(endDate: string, today: string): boolean {
  return !isOpenEnded(endDate) && endDate.slice(0, 10) < today;
}

/** Whether any of these is being delivered (the page polls while one is). */
export function anyRunning(list: readonly { state: ActivationState }[]): boolean {
  return list.some((a) => isRunning(a.state));
}

/** The stored form of a chosen end date (a day), or open-ended. */
export function storedEndDate(day: string | null): string {
  return day === null ? OPEN_ENDED : `${day}T00:00:00.000Z`;
}

/** Why an activation cannot be refreshed or cancelled now, in the words a 409 gives; null when it can. */
export function refusal(action: 'refresh' | 'cancel', state: ActivationState, endDate: string, today: string): string | null {
  if (action === 'refresh') {
    if (isRunning(state)) return 'This activation is being delivered; refresh it once the delivery ends.';
    if (pastEndDate(endDate, today)) return `This activation ended on ${endDate.slice(0, 10)}; it is not sent again.`;
    return null;
  }
  if (!activationActions(state).cancel) return `This activation has already ended (${ACTIVATION_STATE_LABELS[state]}).`;
  return null;
}

/** Spec 1 §2.4: the home page's Activations tab needs ams_activation read, the ams feature, and at least one activation. */
export function showActivationsTab(flags: FeatureFlags | undefined, permissions: PermissionSet | undefined, activations: number): boolean {
  return checkArea('ams', flags, permissions).ok && activations > 0;
}
