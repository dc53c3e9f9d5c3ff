import { describe, expect, it } from 'vitest';
import { MAX_BODY_DEPTH, bodyProblem } from './json-body';

describe('bodyProblem', () => {
  it('finds __proto__ and constructor.prototype at any depth, as parsed JSON holds them', () => {
    const proto = 'The body contains the key "__proto__", which is refused.';
    expect(bodyProblem(JSON.parse('{"a":[{"b":{"__proto__":{"x":1}}}]}'))).toBe(proto);
    expect(bodyProblem(JSON.parse('[{"constructor":{"prototype":{}}}]'))).toBe('The body contains the key "constructor.prototype", which is refused.');
    // An escaped key is the same key once parsed.
    expect(bodyProblem(JSON.parse('{"\\u005f_proto__":1}'))).toBe(proto);
  });

  it('lets the words through as values, and a constructor without a prototype', () => {
    expect(bodyProblem(JSON.parse('{"name":"__proto__","constructor":1,"prototype":{"constructor":"x"}}'))).toBeNull();
    for (const value of [null, 1, 'x', [], {}]) expect(bodyProblem(value)).toBeNull();
  });

  it('refuses nesting past the limit, however deep, without overflowing the stack', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(bodyProblem(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(bodyProblem(nested(MAX_BODY_DEPTH + 1))).toBe(`The body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
    expect(bodyProblem(nested(200_000))).toBe(`The body is nested more than ${MAX_BODY_DEPTH} levels deep.`);
  });
});
