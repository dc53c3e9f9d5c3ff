import { beforeEach, describe, expect, it } from 'vitest';
import { TIMING } from '@shared/constants';
import { errorToast, successToast, ui, warningToast } from './ui-store';

describe('toasts (issue 27 item 7)', () => {
  beforeEach(() => {
    ui.toasts = [];
  });

  it('says what each reports, each tone for its default time unless the area names another', () => {
    successToast('Saved');
    errorToast('Not saved', 'The server refused it.');
    warningToast('Saved, but check it');
    errorToast('Save failed', undefined, 6_000);
    expect(ui.toasts.map(({ tone, title, durationMs }) => ({ tone, title, durationMs }))).toEqual([
      { tone: 'success', title: 'Saved', durationMs: TIMING.toastMs },
      { tone: 'error', title: 'Not saved', durationMs: TIMING.errorToastMs },
      { tone: 'warning', title: 'Saved, but check it', durationMs: TIMING.errorToastMs },
      { tone: 'error', title: 'Save failed', durationMs: 6_000 },
    ]);
    expect(TIMING.toastMs).toBe(4_000);
    expect(TIMING.errorToastMs).toBe(5_000);
  });
});
