import type * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES, text } from './text';

const messages = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('text', () => {
  const name = text(10);

  it('trims, and keeps ordinary text, accents, astral characters and emoji whole', () => {
    expect(name.parse('  Gen Z\t')).toBe('Gen Z');
    expect(name.parse('Émile')).toBe('Émile');
    expect(name.parse('🎉𝒳 ok')).toBe('🎉𝒳 ok');
    expect(name.parse('')).toBe('');
  });

  it.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['a line break inside', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (CSI)', 'a\u009bb'],
  ])('refuses %s', (_what, value) => {
    expect(messages(name, value)).toEqual([TEXT_MESSAGES.control]);
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', '\udc00'],
    ['a pair in the wrong order', '\udc00\ud800'],
    ['a high surrogate at the end', 'ok\ud83c'],
  ])('refuses %s as not well-formed', (_what, value) => {
    expect(messages(name, value)).toEqual([TEXT_MESSAGES.surrogate]);
  });

  it('measures the trimmed text against its limit, in characters (an emoji is one)', () => {
    expect(messages(name, `  ${'x'.repeat(10)}  `)).toEqual([]);
    expect(messages(name, 'x'.repeat(11))).toEqual([TEXT_MESSAGES.tooLong(10)]);
    expect(messages(name, '🎉'.repeat(10))).toEqual([]);
    expect(messages(name, '🎉'.repeat(11))).toEqual([TEXT_MESSAGES.tooLong(10)]);
    expect(messages(text(5, { tooLong: 'Too long.' }), 'abcdef')).toEqual(['Too long.']);
  });

  it('has an optional least length, counted after trimming', () => {
    expect(messages(text(10, { min: 1 }), '   ')).toEqual([TEXT_MESSAGES.tooShort(1)]);
    expect(messages(text(10, { min: 1, tooShort: 'Name it.' }), '')).toEqual(['Name it.']);
    expect(messages(text(10, { min: 2 }), 'a')).toEqual([TEXT_MESSAGES.tooShort(2)]);
  });

  it('keeps the spaces when told not to trim (a rule that tells blank from empty), still refusing control characters', () => {
    const untrimmed = text(5, { trim: false });
    expect(untrimmed.parse('  ')).toBe('  ');
    expect(messages(untrimmed, ' abcde ')).toEqual([TEXT_MESSAGES.tooLong(5)]);
    expect(messages(untrimmed, ' a\u0000')).toEqual([TEXT_MESSAGES.control]);
  });

  it('allows tabs and line breaks in multiline text, no other control character', () => {
    const description = text(100, { multiline: true });
    expect(description.parse(' line one\r\n\tline two\n')).toBe('line one\r\n\tline two');
    expect(messages(description, 'a\u0000b')).toEqual([TEXT_MESSAGES.controlMultiline]);
    expect(messages(description, 'a\u000bb')).toEqual([TEXT_MESSAGES.controlMultiline]);
  });

  it('refuses what is not a string', () => {
    for (const value of [1, null, undefined, ['a'], { a: 1 }, true]) expect(name.safeParse(value).success).toBe(false);
  });

  it('is linear on a long string (no backtracking)', () => {
    const long = `${'x'.repeat(1_000_000)}\u0000`;
    const started = performance.now();
    expect(messages(text(2_000_000), long)).toEqual([TEXT_MESSAGES.control]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
