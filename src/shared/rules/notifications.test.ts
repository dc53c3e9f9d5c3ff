import { describe, expect, it } from 'vitest';
import {
  badgeCount, isTaskDownloadable, isTaskFailed, isTaskInProgress, isTaskNew, taskPollEveryMs, newlyReadyTasks, seenTasks, taskHomePath, taskNotificationText, taskNotificationPath, notificationTaskOf, type PolledTask, type TaskState,
} from './notifications';

const task = (extra: Partial<TaskState>): TaskState => ({
  report_type: 'index_report', status: 'done', read_at: null, downloaded_at: null, ...extra,
});

describe('notification tasks', () => {
  it('treats received and processing as in progress', () => {
    expect(isTaskInProgress({ status: 'received' })).toBe(true);
    expect(isTaskInProgress({ status: 'processing' })).toBe(true);
    expect(isTaskInProgress({ status: 'done' })).toBe(false);
  });
  it('highlights reports not downloaded and outcomes not read', () => {
    expect(isTaskNew(task({}))).toBe(true);
    expect(isTaskNew(task({ downloaded_at: '2024-01-01' }))).toBe(false);
    expect(isTaskNew(task({ status: 'processing' }))).toBe(false);
    expect(isTaskNew(task({ report_type: 'outcome_completed' }))).toBe(true);
    expect(isTaskNew(task({ report_type: 'outcome_completed', read_at: '2024-01-01' }))).toBe(false);
  });
  it('keeps a failed report new until it is read, never downloadable', () => {
    expect(isTaskFailed(task({ status: 'failed' }))).toBe(true);
    expect(isTaskFailed(task({ report_type: 'other', status: 'failed' }))).toBe(false);
    expect(isTaskNew(task({ status: 'failed' }))).toBe(true);
    expect(isTaskNew(task({ status: 'failed', read_at: '2024-01-01' }))).toBe(false);
    expect(badgeCount([task({ status: 'failed' }), task({ status: 'failed', read_at: 'x' })])).toBe(1);
    expect(isTaskDownloadable(task({ status: 'failed' }))).toBe(false);
    expect(isTaskDownloadable(task({ status: 'processing' }))).toBe(false);
    expect(isTaskDownloadable(task({ status: 'completed' }))).toBe(true);
    expect(isTaskDownloadable(task({ report_type: 'outcome_completed' }))).toBe(false);
  });
  it('asks every 5 s while the centre is open or a report is being made, else every 5 minutes', () => {
    expect(taskPollEveryMs(undefined, false)).toBe(300_000);
    expect(taskPollEveryMs([task({})], false)).toBe(300_000);
    expect(taskPollEveryMs([task({}), task({ status: 'received' })], false)).toBe(5_000);
    expect(taskPollEveryMs([], true)).toBe(5_000);
  });
  it('counts new tasks that are not in progress', () => {
    expect(badgeCount([])).toBe(0);
    expect(badgeCount([task({}), task({ status: 'received' }), task({ downloaded_at: 'x' }), task({ report_type: 'other' })])).toBe(2);
  });
});

describe('task polling decisions', () => {
  const polled = (id: number, extra: Partial<PolledTask>): PolledTask => ({
    id, name: `Task ${id}`, ui_name: null, product_slug: null, report_type: 'index_report', status: 'completed', read_at: null, downloaded_at: null, ...extra,
  });
  const ids = (tasks: readonly PolledTask[]) => tasks.map((t) => t.id);

  it('announces nothing on the first sighting, however many tasks are ready', () => {
    const tasks = [polled(1, {}), polled(2, { report_type: 'outcome_completed' })];
    expect(newlyReadyTasks(null, tasks)).toEqual([]);
    expect(newlyReadyTasks(undefined, tasks)).toEqual([]);
  });
  it('announces a report that left received or processing and is not downloaded', () => {
    const before = seenTasks([polled(1, { status: 'received' }), polled(2, { status: 'processing' }), polled(3, { status: 'processing' })]);
    const now = [polled(1, {}), polled(2, { status: 'failed' }), polled(3, { status: 'processing' })];
    expect(ids(newlyReadyTasks(before, now))).toEqual([1, 2]);
    expect(ids(newlyReadyTasks(before, [polled(1, { downloaded_at: '2024-01-01' })]))).toEqual([]);
  });
  it('announces a task that appeared ready, or an outcome that appeared unread', () => {
    const before = seenTasks([polled(1, {})]);
    const now = [polled(1, {}), polled(2, {}), polled(3, { report_type: 'outcome_completed' }), polled(4, { report_type: 'outcome_completed', read_at: 'x' }), polled(5, { status: 'received' })];
    expect(ids(newlyReadyTasks(before, now))).toEqual([2, 3]);
  });
  it('announces a ready task once: the next poll has seen it', () => {
    const first = [polled(1, { status: 'processing' })];
    const second = [polled(1, {})];
    expect(ids(newlyReadyTasks(seenTasks(first), second))).toEqual([1]);
    expect(newlyReadyTasks(seenTasks(second), second)).toEqual([]);
    expect(newlyReadyTasks(seenTasks([]), [])).toEqual([]);
  });
  it('words the notification by task type', () => {
    expect(taskNotificationText(polled(1, { ui_name: 'Fizz buyers' }))).toEqual({ title: 'Index report ready', body: 'Fizz buyers is ready to download.' });
    expect(taskNotificationText(polled(2, { report_type: 'outcome_completed' }))).toEqual({ title: 'Outcome completed', body: 'Task 2 has completed.' });
    expect(taskNotificationText(polled(3, { status: 'failed', error: 'The region has no data.' }))).toEqual({ title: 'Index report failed', body: 'Task 3 could not be made: The region has no data.' });
    expect(taskNotificationText(polled(4, { status: 'failed' })).body).toBe('Task 4 could not be made.');
    expect(taskNotificationText(polled(3, { report_type: 'other' })).title).toBe('New notification');
  });
  it("opens the task's own product home, else the home of the context it was polled in", () => {
    expect(taskHomePath({ product_slug: 'acme/us/fizz-cola/fizz-original' }, 'acme/eu/x/y')).toBe('/acme/us/fizz-cola/fizz-original/home');
    expect(taskHomePath({ product_slug: 'fizz-original' }, 'acme/eu/x/y')).toBe('/acme/eu/x/y/home');
    expect(taskHomePath({ product_slug: null }, 'acme')).toBe('/acme/home');
    expect(taskHomePath({ product_slug: null }, 'not a context')).toBe('/home');
  });
  it('opens the product home with the notification centre on the task (where its download is)', () => {
    expect(taskNotificationPath({ id: 41, product_slug: 'acme/us/fizz-cola/fizz-original' }, 'acme')).toBe('/acme/us/fizz-cola/fizz-original/home?notification=41');
    expect(taskNotificationPath({ id: 7, product_slug: null }, 'acme/eu/x/y')).toBe('/acme/eu/x/y/home?notification=7');
  });
  it('reads the task to show from a URL, and nothing else', () => {
    expect(notificationTaskOf('?notification=41')).toBe(41);
    expect(notificationTaskOf('?a=1&notification=7')).toBe(7);
    expect(notificationTaskOf('')).toBeNull();
    expect(notificationTaskOf('?notification=')).toBeNull();
    expect(notificationTaskOf('?notification=4x')).toBeNull();
    expect(notificationTaskOf('?notification=-1')).toBeNull();
  });
});
