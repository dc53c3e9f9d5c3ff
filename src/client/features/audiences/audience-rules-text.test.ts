import { describe, expect, it } from 'vitest';
import { describeRules } from './audience-rules-text';

describe('describeRules', () => {
  const labels = { 1: 'Sports fans', 2: 'Runners', 3: 'Gamers', 9: 'Lapsed buyers' };

  it('shows each AND group as "Any of" and joins them with "and"', () => {
    const d = describeRules({ include: { and: [[1, 2], [3]] }, exclude: [], values: [] }, labels);
    expect(d.groups).toEqual(['Any of: Sports fans, Runners', 'Any of: Gamers']);
    expect(d.exclude).toBeNull();
    expect(d.text).toBe('Any of: Sports fans, Runners and Any of: Gamers');
  });

  it('adds the excludes as "but not", and names unlabelled segments by id', () => {
    const d = describeRules({ include: { and: [[1, 42, 1]] }, exclude: [9, 77], values: [] }, labels);
    expect(d.text).toBe('Any of: Sports fans, Segment 42 but not: Lapsed buyers, Segment 77');
  });

  it('works with no labels at all', () => {
    expect(describeRules({ include: { and: [[5]] }, exclude: [], values: [] }).text).toBe('Any of: Segment 5');
  });

  it('adds demographic value groups after the segment groups, named by their labels', () => {
    const d = describeRules({ include: { and: [[1]] }, exclude: [9], values: [[100, 101], [102]] }, labels, { 100: 'Gender: Female', 101: 'Gender: Male' });
    expect(d.groups).toEqual(['Any of: Sports fans', 'Any of: Gender: Female, Gender: Male', 'Any of: Value 102']);
    expect(d.text).toBe('Any of: Sports fans and Any of: Gender: Female, Gender: Male and Any of: Value 102 but not: Lapsed buyers');
  });

  it('leaves empty groups out (a group just added in the builder)', () => {
    expect(describeRules({ include: { and: [[], [3]] } }, labels).text).toBe('Any of: Gamers');
  });
});
