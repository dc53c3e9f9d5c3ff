import { describe, expect, it } from 'vitest';
import {
  addGroup, addSegment, addValue, draftFromRules, draftToRules, emptyDraft, moveGroup, moveSegment, removeGroup, removeSegment, removeValue, sameRule,
  segmentPlace, toggleNot, type RuleDraft,
} from './rule-edits';

const draft = (include: number[][], exclude: number[] = [], values: number[][] = []): RuleDraft => ({ include, exclude, values });

describe('rule edits', () => {
  it('adds a segment to a group, a new group or the excludes, and moves it when it is already there', () => {
    expect(addSegment(emptyDraft(), 1, 0)).toEqual(draft([[1]]));
    expect(addSegment(draft([[1]]), 2, 'new')).toEqual(draft([[1], [2]]));
    expect(addSegment(draft([[1]]), 3, 'exclude')).toEqual(draft([[1]], [3]));
    expect(addSegment(draft([[1], [2]]), 1, 1)).toEqual(draft([[], [2, 1]]));
    expect(addSegment(draft([[1]]), 2, 7)).toEqual(draft([[1], [2]]));
  });

  it('moves a segment between groups and out of the excludes', () => {
    expect(moveSegment(draft([[1, 2], [3]]), 2, 1)).toEqual(draft([[1], [3, 2]]));
    expect(moveSegment(draft([[1]], [4]), 4, 0)).toEqual(draft([[1, 4]]));
  });

  it('NOT sends an included segment to the excludes and brings it back', () => {
    const d = toggleNot(draft([[1, 2], [3]]), 2);
    expect(d).toEqual(draft([[1], [3]], [2]));
    expect(segmentPlace(d, 2)).toBe('exclude');
    expect(toggleNot(d, 2)).toEqual(draft([[1], [3, 2]]));
    expect(toggleNot(d, 2, 0)).toEqual(draft([[1, 2], [3]]));
    expect(toggleNot(draft([], [5]), 5)).toEqual(draft([[5]]));
    expect(toggleNot(draft([[1]]), 9)).toEqual(draft([[1]]));
  });

  it('removes segments, adds, removes and reorders groups', () => {
    expect(removeSegment(draft([[1, 2]], [3]), 3)).toEqual(draft([[1, 2]]));
    expect(addGroup(draft([[1]]))).toEqual(draft([[1], []]));
    expect(removeGroup(draft([[1], [2], [3]]), 1)).toEqual(draft([[1], [3]]));
    expect(moveGroup(draft([[1], [2], [3]]), 0, 2)).toEqual(draft([[2], [3], [1]]));
    expect(moveGroup(draft([[1], [2]]), 1, -4)).toEqual(draft([[2], [1]]));
    expect(moveGroup(draft([[1], [2]]), 5, 0)).toEqual(draft([[1], [2]]));
  });

  it('adds and removes value groups, a value once', () => {
    const d = addValue(addValue(emptyDraft(), 10, 'new'), 11, 0);
    expect(d.values).toEqual([[10, 11]]);
    expect(addValue(d, 10, 'new')).toBe(d);
    expect(removeValue(removeValue(d, 10), 11).values).toEqual([]);
  });

  it('turns a draft into a rule without empty groups, and back, dropping deleted segments', () => {
    expect(draftToRules(emptyDraft())).toBeNull();
    expect(draftToRules(draft([[1], []], [2], [[]]))).toEqual({ include: { and: [[1]] }, exclude: [2], values: [] });
    expect(draftToRules(draft([[]], [], [[7]]))).toEqual({ include: { and: [] }, exclude: [], values: [[7]] });
    expect(draftFromRules({ include: { and: [[1, 2], [3]] }, exclude: [4] }, [3, 4])).toEqual(draft([[1, 2]]));
    expect(draftFromRules({ include: { and: [[3]] } }, [3])).toEqual(draft([[]]));
    expect(draftFromRules(null)).toEqual(emptyDraft());
  });

  it('tells whether two drafts stand for the same rule', () => {
    expect(sameRule(draft([[1], []]), draft([[1]]))).toBe(true);
    expect(sameRule(draft([[1]]), draft([[1]], [2]))).toBe(false);
  });
});
