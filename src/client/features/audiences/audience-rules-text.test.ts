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
});
