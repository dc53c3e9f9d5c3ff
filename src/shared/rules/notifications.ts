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

/** Whether a task is highlighted: an unread outcome or a report not yet downloaded. */
export function isTaskNew(task: TaskState): boolean {
  if (task.report_type === 'index_report') return task.downloaded_at === null && !isTaskInProgress(task);
  return task.read_at === null;
}

/** Badge count: tasks that are unread or not downloaded, and not in progress (spec 1 §9). */
export function badgeCount(tasks: readonly TaskState[]): number {
  return tasks.filter((t) => !isTaskInProgress(t) && isTaskNew(t)).length;
}
