import * as zm from 'zod/mini';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, onTestFinished } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { apiErrorSchema, type ApiError } from '../../src/shared/schemas/error';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';

/**
 * Asserts the one error shape {error:{code, message, details?}} with an exact status and
 * code, and returns the body. `message` is matched exactly (string) or by pattern (RegExp).
 */
export function expectError(res: LightMyRequestResponse, status: number, code: string, message?: string | RegExp): ApiError {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = strict(apiErrorSchema).parse(res.json());
  expect(body.error.code).toBe(code);
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  // A refusal never carries data.
  expect(res.json()).not.toHaveProperty('data');
  return body;
}

export async function userId(database: Database, email: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/**
 * Runs `close` when the test that called it ends or, called outside a test, after the file's
 * tests. An afterAll registered from inside a running test never ran: such an app kept its job
 * workers starting after the file had closed its database ("PGlite is closed", unhandled).
 */
function closeWithScope(close: () => Promise<unknown>) {
  try {
    onTestFinished(async () => {
      await close();
    });
  } catch {
    afterAll(async () => {
      await close();
    });
  }
}

/**
 * A second app over an existing test database with other settings (cheaper than a new
 * database); closed after the file's tests.
 */
export async function buildAppOn(
  database: Database,
  env: Record<string, string>,
  options: Partial<BuildOptions> = {},
): Promise<FastifyInstance> {
  const config = { ...loadConfig({ ...process.env, SESSION_CACHE_MS: '0', ...env }), seedDemo: false };
  const app = await buildApp({ config, database, logger: false, serveClient: false, ...options });
  await app.ready();
  closeWithScope(() => app.close());
  return app;
}

/** The schema with no unknown keys allowed at its top level (zod/mini has no .strict()). */
export function strict<Shape extends zm.core.$ZodLooseShape>(schema: zm.ZodMiniObject<Shape>) {
  return zm.strictObject(schema.shape);
}
