import { describe, expect, it } from 'vitest';
import { ACTIVATION_STATES, type ActivationState } from '../schemas/activations';
import {
  activationActions, anyRunning, showActivationsTab, deliveryStatus, formatActivationDate, formatEndDate, isOpenEnded, OPEN_ENDED, pastEndDate, refusal, storedEndDate,
} from './activations';

describe('activation display states (spec 1 §4)', () => {
  it('labels every state and colours its badge as the spec says', () => {
    const shown = Object.fromEntries(ACTIVATION_STATES.map((s) => [s, deliveryStatus(s)]));
    expect(shown).toEqual({
      draft: { label: 'Draft', colour: 'pineapple' },
      on_hold: { label: 'On Hold', colour: 'pineapple' },
      in_progress: { label: 'In Progress', colour: 'pineapple' },
      finalizing: { label: 'Finalizing', colour: 'pineapple' },
      complete: { label: 'Complete', colour: 'lime' },
      canceled: { label: 'Canceled', colour: 'apple' },
      error: { label: 'Error', colour: 'apple' },
    });
  });
});

describe('activation dates', () => {
  it('shows "-" for an end date in 1970 and the short date otherwise', () => {
    expect(formatEndDate(OPEN_ENDED)).toBe('-');
    expect(formatEndDate('1970-06-30T12:00:00Z')).toBe('-');
    expect(isOpenEnded('1971-01-01T00:00:00Z')).toBe(false);
    expect(formatEndDate('2026-12-31T12:00:00Z')).toBe('12/31/26');
  });
  it('shows "-" until there is a refresh or a sent date', () => {
    expect(formatActivationDate(null)).toBe('-');
    expect(formatActivationDate('2026-03-04T12:00:00Z')).toBe('03/04/26');
  });
  it('stores no end date as 1970 and a day as its UTC midnight', () => {
    expect(storedEndDate(null)).toBe(OPEN_ENDED);
    expect(storedEndDate('2027-02-01')).toBe('2027-02-01T00:00:00.000Z');
  });
  it('ends an activation the day after its end date, never an open-ended one', () => {
    expect(pastEndDate('2026-11-23T00:00:00.000Z', '2026-11-24')).toBe(true);
    expect(pastEndDate('2026-11-24T00:00:00.000Z', '2026-11-24')).toBe(false);
    expect(pastEndDate(OPEN_ENDED, '2026-11-24')).toBe(false);
  });
});

describe('activation actions', () => {
  const allowed = (action: 'refresh' | 'cancel') => ACTIVATION_STATES.filter((s: ActivationState) => activationActions(s)[action]);

  it('refreshes only when no delivery runs', () => {
    expect(allowed('refresh')).toEqual(['draft', 'on_hold', 'complete', 'canceled', 'error']);
  });
  it('cancels only what has not ended', () => {
    expect(allowed('cancel')).toEqual(['draft', 'on_hold', 'in_progress', 'finalizing']);
  });
  it('says why a refresh or a cancel is refused, and nothing when it is allowed', () => {
    expect(refusal('refresh', 'in_progress', OPEN_ENDED, '2026-11-24')).toMatch(/being delivered/);
    expect(refusal('refresh', 'complete', '2026-01-01T00:00:00.000Z', '2026-11-24')).toMatch(/ended on 2026-01-01/);
    expect(refusal('refresh', 'complete', OPEN_ENDED, '2026-11-24')).toBeNull();
    expect(refusal('cancel', 'canceled', OPEN_ENDED, '2026-11-24')).toMatch(/already ended \(Canceled\)/);
    expect(refusal('cancel', 'finalizing', OPEN_ENDED, '2026-11-24')).toBeNull();
  });
  it('polls while any activation is being delivered', () => {
    expect(anyRunning([{ state: 'complete' }, { state: 'finalizing' }])).toBe(true);
    expect(anyRunning([{ state: 'complete' }, { state: 'error' }])).toBe(false);
    expect(anyRunning([])).toBe(false);
  });
});

describe('the home page\'s Activations tab (spec 1 §2.4)', () => {
  const read = { ams_activation: { create: false, read: true, update: false, destroy: false } };
  it('shows with ams_activation read, the ams feature and at least one activation', () => {
    expect(showActivationsTab({ ams: true }, read, 1)).toBe(true);
  });
  it('hides without any one of them', () => {
    expect(showActivationsTab({ ams: true }, read, 0)).toBe(false);
    expect(showActivationsTab({ ams: false }, read, 3)).toBe(false);
    expect(showActivationsTab({}, read, 3)).toBe(false);
    expect(showActivationsTab({ ams: true }, { ams_activation: { ...read.ams_activation, read: false } }, 3)).toBe(false);
    expect(showActivationsTab({ ams: true }, {}, 3)).toBe(false);
  });
});
