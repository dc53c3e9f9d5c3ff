import { describe, expect, it } from 'vitest';
import { badgeCount, isTaskInProgress, isTaskNew, type TaskState } from './notifications';

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
  it('counts new tasks that are not in progress', () => {
    expect(badgeCount([])).toBe(0);
    expect(badgeCount([task({}), task({ status: 'received' }), task({ downloaded_at: 'x' }), task({ report_type: 'other' })])).toBe(2);
  });
});
