import { describe, expect, it } from 'vitest';
import { qualityText, reachText } from './audience-text';

describe('a lookalike in words', () => {
  it('states the model lift against a random audience of the same size', () => {
    expect(qualityText({ holdout: 400, recovered: 180, recall: 0.45, random_recall: 0.1, lift: 4.5 }))
      .toBe('Model lift 4.5×: the lookalike recovers 45.0% of the held-out seed people (180 of 400), against 10.0% for a random audience of the same size.');
  });

  it('says its reach as a multiple of the seed or a count', () => {
    expect(reachText({ kind: 'multiplier', value: 2.5 })).toBe('2.5× the seed');
    expect(reachText({ kind: 'count', value: 12000 })).toBe('12,000 people');
  });
});
