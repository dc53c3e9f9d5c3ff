import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { invitations, users } from '../../db/schema';

export function insertInvitation(tx: Executor, row: typeof invitations.$inferInsert) {
  return tx.insert(invitations).values(row);
}

/** A new link replaces the user's unused ones. */
export function dropUnusedInvitations(tx: Executor, userId: number) {
  return tx.delete(invitations).where(and(eq(invitations.userId, userId), isNull(invitations.usedAt)));
}

/** The live invitation behind a token hash (unused, unexpired, for an active user), locked with `lock` until the transaction ends. */
export async function findLiveInvitation(db: Executor, tokenHash: string, lock = false) {
  const query = db
    .select({ userId: users.id, email: users.email, firstName: users.firstName, expiresAt: invitations.expiresAt })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(and(
      eq(invitations.tokenHash, tokenHash),
      isNull(invitations.usedAt),
      sql`${invitations.expiresAt} > now()`,
      eq(users.active, true),
    ))
    .limit(1);
  const rows = lock ? await query.for('update', { of: invitations }) : await query;
  return rows[0];
}

export function markUsed(tx: Executor, tokenHash: string) {
  return tx.update(invitations).set({ usedAt: new Date() }).where(eq(invitations.tokenHash, tokenHash));
}

export function setPassword(tx: Executor, userId: number, passwordHash: string) {
  return tx.update(users).set({ passwordHash, version: sql`${users.version} + 1` }).where(eq(users.id, userId));
}
