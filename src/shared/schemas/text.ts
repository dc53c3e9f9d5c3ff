import * as z from 'zod/mini';

/**
 * The one schema of free text a client sends (DESIGN "Security model"; issue 13 item 6): every
 * text field of every payload, query string and path parameter is trimmed, holds no control
 * character and no half of a surrogate pair, and has a length limit. PostgreSQL cannot store a
 * NUL or a lone surrogate (it answered 500); nothing a user types needs a control character.
 */

export const TEXT_MESSAGES = {
  control: 'Text cannot contain control characters',
  /** A tab, newline or carriage return is fine in multiline text; other control characters are not. */
  controlMultiline: 'Text cannot contain control characters other than tabs and line breaks',
  surrogate: 'Text must be well-formed Unicode (it holds half of a surrogate pair)',
  tooLong: (max: number) => `Text can be at most ${max} characters`,
  tooShort: (min: number) => (min === 1 ? 'Text cannot be empty' : `Text must be at least ${min} characters`),
} as const;

/** C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F). */
const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** In `u` mode a pair reads as one astral code point, so only a lone surrogate is in category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

export interface TextOptions {
  /** Least length after trimming (default 0: "required" is a domain rule with its own message). */
  min?: number;
  /**
   * Trim (default). Off only where a domain rule must still tell blank from empty (spec 3 §5:
   * 'Name cannot be blank' beside 'Name is required'); that rule trims before storing.
   */
  trim?: boolean;
  /** Allow tabs and line breaks (a description typed in a text area). */
  multiline?: boolean;
  /** Messages in the field's own words, where a form shows them. */
  tooLong?: string;
  tooShort?: string;
}

/**
 * Text of at most `max` characters (code points: zod counts an emoji as one), trimmed before it
 * is measured.
 */
export function text(max: number, options: TextOptions = {}) {
  const { min = 0, multiline = false, trim = true } = options;
  return z.string().check(
    ...(trim ? [z.trim()] : []),
    z.refine((s) => !(multiline ? CONTROL_BUT_LINES : CONTROL).test(s), multiline ? TEXT_MESSAGES.controlMultiline : TEXT_MESSAGES.control),
    z.refine((s) => !LONE_SURROGATE.test(s), TEXT_MESSAGES.surrogate),
    z.maxLength(max, options.tooLong ?? TEXT_MESSAGES.tooLong(max)),
    ...(min > 0 ? [z.minLength(min, options.tooShort ?? TEXT_MESSAGES.tooShort(min))] : []),
  );
}
