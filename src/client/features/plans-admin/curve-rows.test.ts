import { describe, expect, it } from 'vitest';
import type { Curve } from '@shared/schemas/plans';
import { afterApply, applyBody, initialEditorState, newRow, shownIssues, withField } from './curve-rows';

const curve = (id: number, media_type: string, over: Partial<Curve> = {}): Curve => ({
  id, media_type, curve_type_name: 'Spend', is_generic: false, error_messages: [],
  params: { a: 0, b: 2, c: 50_000, d: 100, e: 1, cpp_or_cpm: null, cpp: null }, ...over,
});

describe('the curve editor', () => {
  it('starts in upload mode with the uploaded curves, or an empty row when there are none', () => {
    const state = initialEditorState([curve(1, 'TV', { curve_type_name: 'TRP', params: { a: 0, b: 2, c: 300, d: 90, e: 1, cpp_or_cpm: 0, cpp: 450 } }), curve(2, 'Search')]);
    expect(state.mode).toBe('upload');
    expect(state.rows.map((r) => [r.id, r.row.media_type, r.row.cpp_or_cpm])).toEqual([[1, 'TV', '0'], [2, 'Search', '']]);
    const empty = initialEditorState([]);
    expect(empty.mode).toBe('upload');
    expect(empty.rows).toHaveLength(1);
    expect(empty.rows[0]!.id).toBeNull();
  });

  it('starts in generic mode when any curve is generic, with its media types ticked in the constant order', () => {
    const state = initialEditorState([curve(3, 'Search', { is_generic: true }), curve(4, 'TV', { is_generic: true })]);
    expect(state.mode).toBe('generic');
    expect(state.selectedMedia).toEqual(['TV', 'Search']);
    expect(applyBody(state)).toEqual([
      { media_type: 'TV', curve_type_name: 'Spend', is_generic: true, params: {} },
      { media_type: 'Search', curve_type_name: 'Spend', is_generic: true, params: {} },
    ]);
  });

  it('makes a row a CPP curve when it becomes TRP, and sends numbers', () => {
    const state = initialEditorState([]);
    let row = state.rows[0]!.row;
    for (const [field, value] of [['media_type', 'TV'], ['curve_type_name', 'TRP'], ['a', '0'], ['b', '2'], ['c', '300'], ['d', '90'], ['e', '1'], ['cpp', '450']] as const) row = withField(row, field, value);
    expect(row.cpp_or_cpm).toBe('0');
    expect(applyBody({ ...state, rows: [{ ...state.rows[0]!, row }] })[0]).toEqual({
      media_type: 'TV', curve_type_name: 'TRP', is_generic: false, params: { a: 0, b: 2, c: 300, d: 90, e: 1, cpp_or_cpm: 0, cpp: 450 },
    });
  });

  it("keeps a refused curve's messages on the row sent at its index, and points rows at the curves now saved", () => {
    const state = initialEditorState([curve(1, 'TV'), curve(2, 'Search')]);
    const typed = { ...state, rows: [...state.rows, newRow({ ...state.rows[0]!.row })] };
    const next = afterApply(typed, 'upload', ['TV', 'Search', 'TV'], { curves: [curve(7, 'TV'), curve(2, 'Search')], error_messages: { 1: ['No.'], 2: ['Twice.'] } });
    // The second TV row, refused, is not the saved TV curve: deleting it must not delete that.
    expect(next.rows.map((r) => [r.id, r.messages])).toEqual([[7, []], [2, ['No.']], [null, ['Twice.']]]);
    const generic = afterApply(next, 'generic', ['Audio'], { curves: [curve(9, 'Audio', { is_generic: true })], error_messages: {} });
    expect(generic.rows.map((r) => r.id)).toEqual([null, null, null]);
  });

  it("shows a field's message once it was left, and every message once Apply was tried", () => {
    const [row] = initialEditorState([]).rows;
    expect(shownIssues(row!, false)).toEqual({});
    expect(shownIssues({ ...row!, touched: { media_type: true } }, false)).toEqual({ media_type: 'Please enter a Media Type' });
    expect(Object.keys(shownIssues(row!, true))).toEqual(['media_type', 'curve_type_name', 'a', 'b', 'c', 'd', 'e']);
  });
});
