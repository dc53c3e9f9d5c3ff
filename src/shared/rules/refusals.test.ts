import { describe, expect, it } from 'vitest';
import { fieldMessages, fieldName, retryFields, withRetryEdits } from './refusals';

describe('retryFields (issue 27: a refused edit keeps what the user typed)', () => {
  it('offers the texts and figures the user typed, named as the forms name them, never the bookkeeping', () => {
    const body = { name: 'GAMERS AND MUSIC LOVERS', identifiers: { include: { and: [[1]] } }, default: false, icon: null, client_key: 'tmp-1', base: { name: 'x' }, population: 12, market_id: 3 };
    expect(retryFields(body)).toEqual([
      { path: 'name', label: 'Name', value: 'GAMERS AND MUSIC LOVERS', kind: 'text' },
      { path: 'population', label: 'Audience Population', value: 12, kind: 'number' },
    ]);
  });

  it('looks one object down (a motivation request, a timeframe)', () => {
    expect(retryFields({ motivation_audience: { name: 'M', description: 'D', rules: {} } }).map((f) => f.path)).toEqual(['motivation_audience.name', 'motivation_audience.description']);
    expect(retryFields({ outcome_timeframe: { year: 2026, month: 3, total: 5, mekko_id: 2, market_outcomes_attributes: [] } }).map((f) => f.path)).toEqual(['outcome_timeframe.total']);
    expect(retryFields(undefined)).toEqual([]);
  });

  it('puts the changes back in their place and keeps the rest of the body (the rules) as it was', () => {
    const body = { name: 'Old', identifiers: { include: { and: [[1, 2]] } }, outcome: { total: 5 } };
    const fields = retryFields(body);
    const next = withRetryEdits(body, { name: 'New', 'outcome.total': '7' }, fields);
    expect(next).toEqual({ name: 'New', identifiers: { include: { and: [[1, 2]] } }, outcome: { total: 7 } });
    expect(body.name).toBe('Old');
  });
});

describe('fieldMessages', () => {
  it("reads the server's message per field from a validation list or a form's map", () => {
    expect(fieldMessages([{ path: 'body.name', message: 'Persona name already in use' }])).toEqual({ name: 'Persona name already in use' });
    expect(fieldMessages({ fields: { name: 'Taken' } })).toEqual({ name: 'Taken' });
    expect(fieldMessages(undefined)).toEqual({});
  });

  it('names a field as the user sees it', () => {
    expect(fieldName('name')).toBe('Name');
    expect(fieldName('matched_short_id')).toBe('Matched Audience');
  });
});
