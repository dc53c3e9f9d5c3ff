import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import {
  audienceBuilderHref, audienceBuilderSearch, audienceBuilderSearchSchema, parseLabelsParam, parseRulesParam, returnHref, returnLabel, sanitizeReturnUrl,
} from './audience-builder-search';

const rules = { include: { and: [[3, 1], [7]] }, exclude: [9], values: [] };

describe('sanitizeReturnUrl', () => {
  it('keeps paths relative to the product scope', () => {
    expect(sanitizeReturnUrl('insights/grow')).toBe('insights/grow');
    expect(sanitizeReturnUrl('insights/grow/12')).toBe('insights/grow/12');
    expect(sanitizeReturnUrl(' insights/grow/12/ ')).toBe('insights/grow/12/');
    expect(sanitizeReturnUrl('insights/explore?tab=person')).toBe('insights/explore?tab=person');
    expect(sanitizeReturnUrl('home')).toBe('home');
  });

  it('falls back to home for anything that could leave the scope or the origin', () => {
    for (const bad of [
      '//evil.example.com', 'https://evil.example.com', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'mailto:a@b.c',
      'insights//grow', 'insights/grow?next=//evil.example.com', '/acme/us/x/y/home', '\\\\evil.example.com', 'insights\\grow',
      '../../../admin', 'insights/../../x', './home', 'insights/gr ow', 'insights/\ngrow', '', '   ', 'a'.repeat(501),
    ]) {
      expect(sanitizeReturnUrl(bad), bad).toBe('home');
    }
    expect(sanitizeReturnUrl(undefined)).toBe('home');
    expect(sanitizeReturnUrl({ path: 'insights/grow' })).toBe('home');
  });

  it('builds the return href under the same product scope', () => {
    expect(returnHref('acme/us/fizz/orig', 'insights/grow/12')).toBe('/acme/us/fizz/orig/insights/grow/12');
    expect(returnHref('acme/us/fizz/orig', 'https://evil.example.com')).toBe('/acme/us/fizz/orig/home');
  });

  it('names the link back', () => {
    expect(returnLabel('insights/grow')).toBe('Back to Grow');
    expect(returnLabel('insights/grow/12')).toBe('Back to Grow');
    expect(returnLabel('insights/customer-value')).toBe('Back to Customer Value');
    expect(returnLabel('insights/best-customer')).toBe('Back to Best Customer');
    expect(returnLabel('insights/growth')).toBe('Go back');
    expect(returnLabel('home')).toBe('Back to Home');
    expect(returnLabel('insights/overlap/3')).toBe('Back to Overlap');
    expect(returnLabel('audiences/overview/lookalike/7')).toBe('Back to Audiences');
  });
});

describe('rules and labels parameters', () => {
  it('reads a rule from JSON text or an object the router already parsed', () => {
    expect(parseRulesParam(JSON.stringify(rules))).toEqual(rules);
    expect(parseRulesParam(rules)).toEqual(rules);
    expect(parseRulesParam(JSON.stringify({ include: { and: [[1]] } }))).toEqual({ include: { and: [[1]] }, exclude: [], values: [] });
  });

  it('gives null for a missing or invalid rule', () => {
    for (const bad of [undefined, '', 'not json', '{"include":{"and":[]}}', '{"include":{"and":[[]]}}', '{"include":{"and":[["a"]]}}', '[1,2]', 42]) {
      expect(parseRulesParam(bad), String(bad)).toBeNull();
    }
  });

  it('keeps only segment-id labels with text', () => {
    expect(parseLabelsParam('{"1":"Sports fans","x":"no","2":3,"3":"  ","4":"Runners"}')).toEqual({ 1: 'Sports fans', 4: 'Runners' });
    expect(parseLabelsParam('nope')).toEqual({});
    expect(parseLabelsParam(['a'])).toEqual({});
  });
});

describe('the builder search schema', () => {
  const parse = (raw: Record<string, unknown>) => audienceBuilderSearchSchema.parse(raw);

  it('defaults what is missing', () => {
    expect(parse({})).toEqual({ action: 'create', returnUrl: 'home' });
  });

  it('validates each parameter, falling back instead of failing', () => {
    const search = parse({ action: 'destroy', referer: 'Grow', returnUrl: 'https://evil.example.com', rules: 'oops', labels: 5, name: 2024 });
    expect(search).toEqual({ action: 'create', referer: 'Grow', returnUrl: 'home', rules: null, labels: undefined, name: '2024' });
    expect(parse({ action: 'savePersona' }).action).toBe('savePersona');
  });

  it('reads what the Grow page sends, through the router’s own search parsing', () => {
    // Raw JSON in the URL (URLSearchParams): the router JSON-parses the values.
    const raw = new URLSearchParams({ action: 'create', referer: 'Grow', returnUrl: 'insights/grow', rules: JSON.stringify(rules), labels: '{"1":"A"}', name: '123' });
    const fromRaw = parse(defaultParseSearch(`?${raw.toString()}`));
    expect(fromRaw).toEqual({ action: 'create', referer: 'Grow', returnUrl: 'insights/grow', rules, labels: { 1: 'A' }, name: '123' });
    // The href helper spells search as the router does: the values come back as the same strings.
    const href = audienceBuilderHref('acme/us/fizz/orig', { rules, labels: { 1: 'A' }, referer: 'Grow', returnUrl: 'insights/grow/12', name: 'true' });
    expect(href.startsWith('/acme/us/fizz/orig/audiences/builder?')).toBe(true);
    const fromHref = parse(defaultParseSearch(href.slice(href.indexOf('?'))));
    expect(fromHref).toEqual({ action: 'create', referer: 'Grow', returnUrl: 'insights/grow/12', rules, labels: { 1: 'A' }, name: 'true' });
  });

  it('builds a search object with JSON strings, leaving out what is empty', () => {
    expect(audienceBuilderSearch({ rules, returnUrl: 'insights/grow', labels: {} })).toEqual({ action: 'create', returnUrl: 'insights/grow', rules: JSON.stringify(rules) });
  });
});

describe('removeSegmentIds parameter', () => {
  const parse = (raw: Record<string, unknown>) => audienceBuilderSearchSchema.parse(raw);
  it('reads the segments to drop as Explore writes them, and ignores anything else', () => {
    expect(parse({ removeSegmentIds: '4,5' }).removeSegmentIds).toEqual([4, 5]);
    expect(parse({ removeSegmentIds: 4 }).removeSegmentIds).toEqual([4]);
    expect(parse({ removeSegmentIds: '[6, "x", -1]' }).removeSegmentIds).toEqual([6]);
    expect(parse({ removeSegmentIds: 'a,b' }).removeSegmentIds).toEqual([]);
    expect(parse({}).removeSegmentIds).toBeUndefined();
  });
});
