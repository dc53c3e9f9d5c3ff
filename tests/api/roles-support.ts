import { randomUUID } from 'node:crypto';
import { and, asc, eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { adminRoleSchema, type AdminRole } from '../../src/shared/schemas/roles';
import { adminUserSchema, type AdminUser } from '../../src/shared/schemas/users';
import { auditLog } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/client';
import { ADMIN, ANALYST, buildTestApp, login, VIEWER, type Session } from './helper';

export const CLIENT_ADMIN = 'clientadmin@acme.test';
export const INVITED = 'jordan.lee@acme.test';

/**
 * What the roles, users and invitation tests share: an app whose session cache holds a
 * session for a minute (so a change seen on the next request proves the cache was dropped),
 * the demo sessions, and helpers for the admin calls.
 */
export async function adminKit() {
  const { app, database } = await buildTestApp({ SESSION_CACHE_MS: '60000' }, { counts: false, jobs: false });
  const [admin, clientAdmin, analyst, viewer] = await Promise.all([login(app, ADMIN), login(app, CLIENT_ADMIN), login(app, ANALYST), login(app, VIEWER)]);
  const write = (s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, key: string = randomUUID()) =>
    s.request({ method, url, payload: payload as Record<string, unknown> | undefined, headers: { 'x-request-id': key } });
  const read = (s: Session, url: string) => s.request({ method: 'GET', url });
  const roles = async (s: Session = admin): Promise<AdminRole[]> => {
    const res = await read(s, '/api/roles');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: unknown[] }).data.map((r) => adminRoleSchema.parse(r));
  };
  const role = async (name: string) => {
    const found = (await roles()).find((r) => r.name === name);
    if (!found) throw new Error(`no role ${name}`);
    return found;
  };
  const users = async (s: Session = admin): Promise<AdminUser[]> => {
    const res = await read(s, '/api/users');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: unknown[] }).data.map((u) => adminUserSchema.parse(u));
  };
  const user = async (email: string, s: Session = admin) => {
    const found = (await users(s)).find((u) => u.email === email);
    if (!found) throw new Error(`no user ${email}`);
    return found;
  };
  return { app, database, db: database.db, admin, clientAdmin, analyst, viewer, write, read, roles, role, users, user };
}

/** The audit rows of an action prefix (and target), oldest first. */
export function auditRows(database: Database, prefix: string, target?: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(like(auditLog.action, `${prefix}%`), target ? eq(auditLog.target, target) : undefined))
    .orderBy(asc(auditLog.id));
}

/** The details.fields of a 422. */
export function fieldsOf(res: LightMyRequestResponse): Record<string, string> {
  expect(res.statusCode, res.body).toBe(422);
  return (res.json() as { error: { details: { fields: Record<string, string> } } }).error.details.fields;
}
