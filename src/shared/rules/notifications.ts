import { TIMING } from '../constants';
import { parseContextHeader } from './context';
import { contextHomePath } from './url-context';

/** The task fields the badge needs (spec 1 §3, §4). */
export interface TaskState {
  report_type: string;
  status: string;
  read_at: string | null;
  downloaded_at: string | null;
}

const IN_PROGRESS = new Set(['received', 'processing']);

export function isTaskInProgress(task: Pick<TaskState, 'status'>): boolean {
  return IN_PROGRESS.has(task.status);
}

/** A report whose job failed: it has a reason (task.error) and nothing to download. */
export function isTaskFailed(task: Pick<TaskState, 'report_type' | 'status'>): boolean {
  return task.report_type === 'index_report' && task.status === 'failed';
}

/** Whether a report can be downloaded now: made, and not failed (spec 1 §4: any status but in progress). */
export function isTaskDownloadable(task: Pick<TaskState, 'report_type' | 'status'>): boolean {
  return task.report_type === 'index_report' && !isTaskInProgress(task) && !isTaskFailed(task);
}

/**
 * Whether a task is highlighted: an unread outcome or a report not yet downloaded. A failed
 * report can never be downloaded, so it is new until it has been seen (read), or the badge
 * would count it until it expires.
 */
export function isTaskNew(task: TaskState): boolean {
  if (isTaskFailed(task)) return task.read_at === null;
  if (task.report_type === 'index_report') return task.downloaded_at === null && !isTaskInProgress(task);
  return task.read_at === null;
}

/** Badge count: tasks that are unread or not downloaded, and not in progress (spec 1 §9). */
export function badgeCount(tasks: readonly TaskState[]): number {
  return tasks.filter((t) => !isTaskInProgress(t) && isTaskNew(t)).length;
}

/**
 * How often tasks are asked for: the spec's 5 minutes, but every 5 s while the centre is open
 * or a report is being made, so IN-PROGRESS turns ready (and is announced) without a reload.
 */
export function taskPollEveryMs(tasks: readonly Pick<TaskState, 'status'>[] | undefined, panelOpen: boolean): number {
  return panelOpen || (tasks ?? []).some(isTaskInProgress) ? TIMING.taskPollBusyMs : TIMING.taskPollEveryMs;
}

/** What the task poller needs beyond the badge fields. */
export interface PolledTask extends TaskState {
  id: number;
  name: string;
  ui_name: string | null;
  product_slug: string | null;
  /** Why a report failed (older answers lack it). */
  error?: string | null;
}

/** Each task's status at the last poll, by id (what the poller remembers per user and client). */
export type SeenTasks = Record<string, string>;

export function seenTasks(tasks: readonly PolledTask[]): SeenTasks {
  return Object.fromEntries(tasks.map((t) => [String(t.id), t.status]));
}

/**
 * The tasks that have become ready since the last poll, for a system notification (DESIGN
 * "Client data flow"): a report that has left received/processing and is not downloaded, or
 * an outcome that appeared unread. A task counts when the badge counts it now and it was not
 * seen, or was seen in progress. With no earlier poll (first sighting after install, a new
 * user or client) nothing counts, so old completed tasks never arrive as a burst.
 */
export function newlyReadyTasks(previous: SeenTasks | null | undefined, tasks: readonly PolledTask[]): PolledTask[] {
  if (!previous) return [];
  return tasks.filter((t) => {
    if (isTaskInProgress(t) || !isTaskNew(t)) return false;
    const before = previous[t.id];
    return before === undefined || isTaskInProgress({ status: before });
  });
}

const label = (t: Pick<PolledTask, 'name' | 'ui_name'>) => t.ui_name || t.name;

/** The system notification's wording for a task that has become ready. */
export function taskNotificationText(task: PolledTask): { title: string; body: string } {
  if (isTaskFailed(task)) return { title: 'Index report failed', body: `${label(task)} could not be made${task.error ? `: ${task.error}` : '.'}` };
  if (task.report_type === 'index_report') return { title: 'Index report ready', body: `${label(task)} is ready to download.` };
  if (task.report_type === 'outcome_completed') return { title: 'Outcome completed', body: `${label(task)} has completed.` };
  return { title: 'New notification', body: label(task) };
}

/**
 * Where clicking a task's notification leads: the product home of the task's context. A task
 * whose product_slug is a full client/region/brand/product path names its own; otherwise it
 * is the context it was polled in (tasks are listed per client).
 */
export function taskHomePath(task: Pick<PolledTask, 'product_slug'>, polledContext: string): string {
  const own = parseContextHeader(task.product_slug);
  if (own?.product) return contextHomePath(own);
  return contextHomePath(parseContextHeader(polledContext));
}

/** The search parameter that opens the notification centre on a task (a notification's click). */
export const NOTIFICATION_PARAM = 'notification';

/**
 * Where clicking a task's system notification leads: its product home with the notification
 * centre open on that task, which is where a report is downloaded and an outcome opened (spec 1
 * §2.8, §4; the spec gives no download address of its own).
 */
export function taskNotificationPath(task: Pick<PolledTask, 'id' | 'product_slug'>, polledContext: string): string {
  return `${taskHomePath(task, polledContext)}?${NOTIFICATION_PARAM}=${task.id}`;
}

/** The task a URL's search asks the notification centre to show, if any. */
export function notificationTaskOf(search: string): number | null {
  const value = new URLSearchParams(search).get(NOTIFICATION_PARAM);
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
