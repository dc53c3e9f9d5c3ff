import { describe, expect, it } from 'vitest';
import {
  formatAsOf,
  formatClockSeconds,
  badgeText, featureDisplayName, formatPercent, highlightedFeature, formatShortDate,
} from './format';

describe('formatPercent', () => {
  it('gives nothing for empty values', () => {
    expect(formatPercent(null)).toBe('');
    expect(formatPercent(undefined)).toBe('');
    expect(formatPercent('')).toBe('');
    expect(formatPercent(Number.NaN)).toBe('');
  });
  it('trims a trailing .00 only', () => {
    expect(formatPercent(12)).toBe('12%');
    expect(formatPercent(12.5)).toBe('12.50%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(3.14159)).toBe('3.14%');
  });
});

describe('badgeText', () => {
  it('is empty at zero, the count up to 9, then 9+', () => {
    expect(badgeText(0)).toBe('');
    expect(badgeText(-1)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
  });
});

describe('featureDisplayName', () => {
  it('names the three special features', () => {
    expect(featureDisplayName('site-visitation')).toBe('Site Visitation');
    expect(featureDisplayName('best-customer')).toBe('Best Customer');
    expect(featureDisplayName('customer-attrition')).toBe('Customer Attrition');
  });
  it('replaces hyphens with spaces elsewhere, as words the user reads (never the lower-case slug)', () => {
    expect(featureDisplayName('customer-value')).toBe('Customer Value');
    expect(featureDisplayName('grow')).toBe('Grow');
    expect(featureDisplayName('scenario-planner-management')).toBe('Scenario Planner Management');
    expect(featureDisplayName('path-to-purchase')).toBe('Path to Purchase');
  });
  it('writes the abbreviations in capitals', () => {
    expect(featureDisplayName('ams')).toBe('AMS');
    expect(featureDisplayName('nlrr')).toBe('NLRR');
  });
});

describe('highlightedFeature', () => {
  it('maps the builder pages to their parent entry', () => {
    expect(highlightedFeature('audiences', 'builder')).toBe('overview');
    expect(highlightedFeature('insights', 'journey-builder')).toBe('journey');
    expect(highlightedFeature('insights', 'builder')).toBe('builder');
    expect(highlightedFeature('insights', 'grow')).toBe('grow');
  });
});

describe('formatShortDate', () => {
  it('writes MM/dd/yy', () => {
    expect(formatShortDate('2026-03-07T12:00:00')).toBe('03/07/26');
    expect(formatShortDate('2025-12-31T23:00:00')).toBe('12/31/25');
  });
  it('gives the input back when it is no date', () => {
    expect(formatShortDate('not a date')).toBe('not a date');
  });
});

describe('formatAsOf', () => {
  const now = new Date(2026, 10, 22, 15, 30).getTime();
  const morning = new Date(2026, 10, 22, 9, 5).getTime();
  const evening = new Date(2026, 10, 22, 17, 45).getTime();

  it('writes the clock in the locale given: 12 hours in the US, 24 in the UK', () => {
    expect(formatAsOf(morning, now, 'en-US')).toBe('9:05 AM');
    expect(formatAsOf(evening, now, 'en-US')).toBe('5:45 PM');
    expect(formatAsOf(morning, now, 'en-GB')).toBe('09:05');
    expect(formatAsOf(evening, now, 'en-GB')).toBe('17:45');
    expect(formatAsOf(evening, now, 'de-DE')).toBe('17:45');
  });

  it('puts the short date before the clock when it is not today', () => {
    expect(formatAsOf(new Date(2026, 10, 20, 17, 45).getTime(), now, 'en-US')).toBe('11/20/26 5:45 PM');
    expect(formatAsOf(new Date(2026, 10, 20, 17, 45).getTime(), now, 'en-GB')).toBe('11/20/26 17:45');
    // Just before midnight yesterday is not today.
    expect(formatAsOf(new Date(2026, 10, 21, 23, 59).getTime(), now, 'en-GB')).toBe('11/21/26 23:59');
  });

  it('uses the runtime\'s locale when none is given (the browser\'s, in the app)', () => {
    const runtime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(evening);
    expect(formatAsOf(evening, now)).toBe(runtime);
  });

  it('writes a time to the second in the same locale', () => {
    const at = new Date(2026, 10, 22, 9, 5, 7).getTime();
    expect(formatClockSeconds(at, 'en-US')).toBe('9:05:07 AM');
    expect(formatClockSeconds(at, 'en-GB')).toBe('09:05:07');
  });
});
