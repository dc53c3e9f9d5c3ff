import { describe, expect, it } from 'vitest';
import { OUTCOMES, OUTCOMES_TEXT } from '@shared/rules/outcomes';
import type { StoredCommand } from '../../lib/offline/db';
import { handlerOf } from '../../lib/offline/outbox-client';
import { OUTCOME_TIMEFRAME_ENTITY } from './measure-commands';

describe('a refused timeframe save', () => {
  it("is told with §8's words for 6 s, in place of the outbox's 'Not saved: …'", () => {
    const refused = { entity: OUTCOME_TIMEFRAME_ENTITY, label: 'Save the March 2026 timeframe', state: 'rejected', error: { code: 'VALIDATION_ERROR', message: 'no' } } as unknown as StoredCommand;
    expect(handlerOf(OUTCOME_TIMEFRAME_ENTITY)?.refusalNotice?.(refused)).toEqual({ title: OUTCOMES_TEXT.saveFailed, durationMs: OUTCOMES.saveFailureMs, tone: 'error' });
    expect(OUTCOMES.saveFailureMs).toBe(6_000);
  });
});
