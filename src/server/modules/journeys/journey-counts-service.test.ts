import { describe, expect, it } from 'vitest';
import { transitionWindows } from './journey-counts-service';

describe('transitionWindows', () => {
  it('covers every adjacent pair of 10 stages in windows of at most 4 that share their ends', () => {
    const windows = transitionWindows([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(windows).toEqual([[0, 1, 2, 3], [3, 4, 5, 6], [6, 7, 8, 9]]);
  });

  it('leaves out pairs where a stage has no segment, and a lone stage', () => {
    expect(transitionWindows([1, null, 3, 4, null, 6])).toEqual([[2, 3]]);
    expect(transitionWindows([1])).toEqual([]);
    expect(transitionWindows([null, null])).toEqual([]);
  });

  it('repeats a segment freely (two stages may name one)', () => {
    expect(transitionWindows([7, 7, 7, 7, 7])).toEqual([[0, 1, 2, 3], [3, 4]]);
  });
});
