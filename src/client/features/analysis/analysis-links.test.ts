import { describe, expect, it } from 'vitest';
import { analysisPageOf, saveAsAudienceHref } from './analysis-links';

const product = 'acme/us/fizz-cola/fizz-original';

describe('the page a path is', () => {
  it('is the API page its last part names', () => {
    expect(analysisPageOf('insights/customer-value')).toBe('customer-value');
    expect(analysisPageOf('insights/best-customer')).toBe('best-customer');
    expect(analysisPageOf('insights/grow')).toBeNull();
  });
});

describe('Save as audience', () => {
  const rule = { include: { and: [[11, 12], [900]] }, exclude: [], values: [] };
  const href = saveAsAudienceHref(product, {
    rule,
    name: 'Fizz Cola Top tier buyers',
    labels: { 11: 'Top 10m', 12: 'Top 11m', 900: 'Sports > Golf', 5: 'Not in the rule' },
    referer: 'Customer Value',
    returnUrl: 'insights/customer-value',
  });
  const url = new URL(href, 'http://x');

  it('opens the one audience builder with the rule', () => {
    expect(url.pathname).toBe(`/${product}/audiences/builder`);
    expect(url.searchParams.get('action')).toBe('create');
    expect(JSON.parse(url.searchParams.get('rules') ?? '')).toEqual(rule);
    expect(url.searchParams.get('name')).toBe('Fizz Cola Top tier buyers');
  });

  it('names the rule’s segments only, and comes back to the page', () => {
    expect(JSON.parse(url.searchParams.get('labels') ?? '')).toEqual({ 11: 'Top 10m', 12: 'Top 11m', 900: 'Sports > Golf' });
    expect(url.searchParams.get('returnUrl')).toBe('insights/customer-value');
    expect(url.searchParams.get('referer')).toBe('Customer Value');
  });
});
