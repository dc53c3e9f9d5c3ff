import { describe, expect, it } from 'vitest';
import { DEFAULT_WRITE_LIMITS, WRITE_LIMIT_ACTIONS, spanText, writeLimitMessage } from './write-limits';

describe('write limit refusals (issue 26)', () => {
  it('says how many were asked for in the window and how long to wait, in whole minutes', () => {
    expect(writeLimitMessage('index_reports', 20, 600, 181)).toBe(
      'You have asked for 20 index reports in the last 10 minutes. Please wait 4 minutes before asking again.',
    );
    expect(writeLimitMessage('lookalikes', 10, 600, 600)).toBe(
      'You have asked for 10 lookalike or optimized audiences in the last 10 minutes. Please wait 10 minutes before asking again.',
    );
    expect(writeLimitMessage('motivation_audiences', 1, 60, 1)).toBe(
      'You have asked for 1 motivation audience in the last 1 minute. Please wait 1 second before asking again.',
    );
    expect(writeLimitMessage('activations', 20, 600, 59)).toBe(
      'You have sent 20 activations in the last 10 minutes. Please wait 59 seconds before asking again.',
    );
    expect(writeLimitMessage('record_month', 10, 600, 300)).toBe(
      'You have recorded this month 10 times in the last 10 minutes. Please wait 5 minutes before asking again.',
    );
    expect(writeLimitMessage('record_month', 1, 600, 300)).toContain('recorded this month once in');
  });

  it('never says to wait zero or a fraction', () => {
    expect(spanText(0)).toBe('1 second');
    expect(spanText(0.2)).toBe('1 second');
    expect(spanText(60)).toBe('1 minute');
    expect(spanText(61)).toBe('2 minutes');
  });

  it('has a default for every action, well under a burst of a hundred', () => {
    for (const action of WRITE_LIMIT_ACTIONS) {
      expect(DEFAULT_WRITE_LIMITS[action]).toBeGreaterThanOrEqual(5);
      expect(DEFAULT_WRITE_LIMITS[action]).toBeLessThan(100);
    }
  });
});
