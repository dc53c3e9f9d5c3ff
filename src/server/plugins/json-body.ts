import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/** No payload of the API nests deeper than a few levels; anything past this is refused as it is read. */
export const MAX_BODY_DEPTH = 32;

/**
 * Why a parsed body is refused, or null: a key that could reach an object's prototype when the
 * body is merged into another object (`__proto__`, or a `constructor` holding a `prototype`;
 * Fastify's default parser refuses the same but calls it "not valid JSON"), or nesting past
 * MAX_BODY_DEPTH (whatever walks the body later, such as the idempotency hash, may recurse).
 * Walks iteratively, so the check itself cannot overflow the stack.
 */
export function bodyProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return `The body is nested more than ${MAX_BODY_DEPTH} levels deep.`;
    if (Array.isArray(item)) {
      for (const x of item as unknown[]) stack.push([x, depth + 1]);
      continue;
    }
    if (Object.hasOwn(item, '__proto__')) return refusedKey('__proto__');
    const ctor: unknown = Object.hasOwn(item, 'constructor') ? (item as { constructor: unknown }).constructor : null;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return refusedKey('constructor.prototype');
    for (const x of Object.values(item)) stack.push([x, depth + 1]);
  }
  return null;
}

const refusedKey = (key: string) => `The body contains the key "${key}", which is refused.`;

/** Reads JSON bodies, telling malformed, empty, polluting and too deep bodies apart (each a 400 in the one shape). */
export default fp(async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(badRequest('The body is empty; send a JSON object.'), undefined);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return done(badRequest('The body is not valid JSON.'), undefined);
    }
    const problem = bodyProblem(parsed);
    if (problem !== null) return done(badRequest(problem), undefined);
    done(null, parsed);
  });
});
