import fp from 'fastify-plugin';
import { badRequest } from '../lib/errors';

/**
 * The first key that could reach an object's prototype when the body is merged into another
 * object: `__proto__`, or a `constructor` holding a `prototype` (Fastify's default parser refuses
 * the same, but calls it "not valid JSON"). Walks iteratively, so deep nesting cannot overflow
 * the stack.
 */
export function pollutingKey(value: unknown): string | null {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== 'object') continue;
    if (Array.isArray(item)) {
      for (const x of item as unknown[]) stack.push(x);
      continue;
    }
    if (Object.hasOwn(item, '__proto__')) return '__proto__';
    const ctor: unknown = Object.hasOwn(item, 'constructor') ? (item as { constructor: unknown }).constructor : null;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return 'constructor.prototype';
    for (const x of Object.values(item)) stack.push(x);
  }
  return null;
}

/** Reads JSON bodies, telling malformed, empty and refused bodies apart (each a 400 in the one shape). */
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
    const key = pollutingKey(parsed);
    if (key !== null) return done(badRequest(`The body contains the key "${key}", which is refused.`), undefined);
    done(null, parsed);
  });
});
