import { describe, expect, it } from 'vitest';
import type { Comparison } from '@shared/schemas/audiences';
import { applyToComparison, applyToComparisonList, parseComparisonPath, settleComparisonList, type ComparisonView } from './comparison-edits';

const result: Comparison['result'] = {
  counted_at: '2026-11-25T10:00:00.000Z',
  people: 1000,
  members: [{ kind: 'segment', id: 1, name: 'A', count: 300 }, { kind: 'segment', id: 2, name: 'B', count: 200 }],
  pairs: [{ a: 0, b: 1, count: 50, share_of_a: 50 / 300, share_of_b: 50 / 200 }],
  regions: [{ in: [0], count: 250, index: 100 }, { in: [1], count: 150, index: 100 }, { in: [0, 1], count: 50, index: 83.3 }],
};
const base = (id: number, name: string): ComparisonView => ({
  id, name, members: [{ kind: 'segment', id: 1 }, { kind: 'segment', id: 2 }], result, error: null, version: 3, created_by: { id: 1, name: 'Ann' }, updated_at: '2026-11-25T10:00:00.000Z',
});
const at = Date.parse('2026-11-25T12:00:00.000Z');

describe('comparison edits', () => {
  it('reads the comparison id of a path', () => {
    expect(parseComparisonPath('/api/comparisons/12')).toBe('12');
    expect(parseComparisonPath('/api/comparisons/tmp-x?version=2')).toBe('tmp-x');
    expect(parseComparisonPath('/api/comparisons')).toBeNull();
  });

  it('shows a new comparison at once, pending and not yet counted, in name order', () => {
    const list = [base(1, 'Zeta'), base(2, 'Alpha')];
    const out = applyToComparisonList(list, { method: 'POST', path: '/api/comparisons', entityId: 'tmp-1', createdAt: at, body: { name: ' Mid ', members: [{ kind: 'audience', id: 4 }, { kind: 'persona', id: 5 }] } });
    expect(out.map((c) => c.name)).toEqual(['Alpha', 'Mid', 'Zeta']);
    expect(out[1]).toMatchObject({ id: 'tmp-1', pending: true, result: null, members: [{ kind: 'audience', id: 4 }, { kind: 'persona', id: 5 }] });
  });

  it('keeps the counts on a rename and drops them when the members change', () => {
    const list = [base(1, 'One')];
    const renamed = applyToComparisonList(list, { method: 'PUT', path: '/api/comparisons/1', entityId: '1', createdAt: at, body: { name: 'Uno' } });
    expect(renamed[0]).toMatchObject({ name: 'Uno', pending: true, result });
    const sameMembers = applyToComparison(base(1, 'One'), { method: 'PUT', path: '/api/comparisons/1', entityId: '1', createdAt: at, body: { members: [{ kind: 'segment', id: 1 }, { kind: 'segment', id: 2 }] } });
    expect(sameMembers.result).toBe(result);
    const changed = applyToComparison(base(1, 'One'), { method: 'PUT', path: '/api/comparisons/1', entityId: '1', createdAt: at, body: { members: [{ kind: 'segment', id: 1 }, { kind: 'segment', id: 3 }] } });
    expect(changed).toMatchObject({ result: null, pending: true, members: [{ kind: 'segment', id: 1 }, { kind: 'segment', id: 3 }] });
  });

  it('leaves another comparison alone and takes a deleted one off the list', () => {
    const other = base(2, 'Two');
    expect(applyToComparison(other, { method: 'PUT', path: '/api/comparisons/1', entityId: '1', createdAt: at, body: { name: 'X' } })).toBe(other);
    expect(applyToComparisonList([base(1, 'One'), other], { method: 'DELETE', path: '/api/comparisons/1?version=3', entityId: '1', createdAt: at, body: undefined }).map((c) => c.id)).toEqual([2]);
  });

  it('puts the server copy in place of the pending one (a created one under its new id)', () => {
    const pending: ComparisonView = { ...base(1, 'Mid'), id: 'tmp-1', pending: true, result: null };
    const copy: Comparison = { ...base(9, 'Mid'), id: 9, version: 1 };
    const out = settleComparisonList([base(2, 'Alpha'), pending], 'tmp-1', copy);
    expect(out.map((c) => c.id)).toEqual([2, 9]);
    expect(out[1]!.pending).toBeUndefined();
    expect(settleComparisonList([base(2, 'Alpha'), base(3, 'Beta')], '3', null).map((c) => c.id)).toEqual([2]);
  });
});
