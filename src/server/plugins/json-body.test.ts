import { describe, expect, it } from 'vitest';
import { pollutingKey } from './json-body';

describe('pollutingKey', () => {
  it('finds __proto__ and constructor.prototype at any depth, as parsed JSON holds them', () => {
    expect(pollutingKey(JSON.parse('{"a":[{"b":{"__proto__":{"x":1}}}]}'))).toBe('__proto__');
    expect(pollutingKey(JSON.parse('[{"constructor":{"prototype":{}}}]'))).toBe('constructor.prototype');
    // An escaped key is the same key once parsed.
    expect(pollutingKey(JSON.parse('{"\\u005f_proto__":1}'))).toBe('__proto__');
  });

  it('lets the words through as values, and a constructor without a prototype', () => {
    expect(pollutingKey(JSON.parse('{"name":"__proto__","constructor":1,"prototype":{"constructor":"x"}}'))).toBeNull();
    for (const value of [null, 1, 'x', [], {}]) expect(pollutingKey(value)).toBeNull();
  });

  it('walks deep nesting without overflowing the stack', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'['.repeat(depth)}{"__proto__":1}${']'.repeat(depth)}`) as unknown;
    expect(pollutingKey(deep)).toBe('__proto__');
  });
});
