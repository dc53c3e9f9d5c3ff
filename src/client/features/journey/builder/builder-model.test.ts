import { describe, expect, it } from 'vitest';
import { JOURNEY_ICONS } from '@shared/rules/journey';
import { iconLabel, parsePopulation } from './builder-model';

describe('parsePopulation', () => {
  it('takes 0 or more, empty as 0', () => {
    expect(parsePopulation('')).toBe(0);
    expect(parsePopulation(' 1200 ')).toBe(1200);
    expect(parsePopulation('0')).toBe(0);
  });
  it('refuses a negative, a word or more than the most people a journey counts', () => {
    expect(parsePopulation('-1')).toBeNull();
    expect(parsePopulation('many')).toBeNull();
    expect(parsePopulation('1e11')).toBeNull();
  });
});

describe('iconLabel', () => {
  it('names every icon once, in words', () => {
    expect(iconLabel('blank')).toBe('No icon');
    expect(iconLabel('shopping-cart')).toBe('Shopping cart');
    expect(iconLabel('meh-o')).toBe('Meh');
    expect(iconLabel('circle-10')).toBe('Circle 10');
    expect(new Set(JOURNEY_ICONS.map(iconLabel)).size).toBe(JOURNEY_ICONS.length);
  });
});
