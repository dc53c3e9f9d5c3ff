import { hash } from '@node-rs/argon2';
import { INVITATION_DAYS, passwordProblem, USER_MESSAGES } from '@shared/rules/roles';
import { ERROR_CODES } from '@shared/schemas/error';
import type { InvitationInfo } from '@shared/schemas/users';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { writeAudit } from '../audit/audit-repository';
import * as repo from './invitation-repository';

/**
 * What password_hash (NOT NULL) holds until an invited user sets a password: not an argon2 hash,
 * so no password ever verifies against it, and login treats it as no password at all
 * (auth-service.ts). `invited` on the users screen is exactly "the hash is this".
 */
export const UNSET_PASSWORD_HASH = '!invited: no password set';
export const passwordIsSet = (passwordHash: string) => passwordHash !== UNSET_PASSWORD_HASH;

/** Where the link leads, on the product's configured address (PUBLIC_URL), never the request's Host. */
export const invitationUrl = (origin: string, token: string) => `${origin}/invite/${token}`;

/**
 * A new one-time link for the user (older unused ones stop working). Only the sha256 of the
 * token is stored; the token itself goes back to the administrator once, in the answer (never the log).
 */
export async function createInvitation(tx: Executor, userId: number, createdBy: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  await repo.dropUnusedInvitations(tx, userId);
  await repo.insertInvitation(tx, { tokenHash: hashToken(token), userId, createdBy, expiresAt });
  return { token, expiresAt };
}

const invalidLink = () => notFound(USER_MESSAGES.invitationInvalid);

export async function describeInvitation(db: Db, token: string): Promise<InvitationInfo> {
  const found = await repo.findLiveInvitation(db, hashToken(token));
  if (!found) throw invalidLink();
  return { email: found.email, first_name: found.firstName, expires_at: found.expiresAt.toISOString() };
}

/** Sets the invited user's password (argon2id) and spends the link; they log in as usual next. */
export async function acceptInvitation(db: Db, token: string, password: string, requestId: string): Promise<void> {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(422, ERROR_CODES.validation, problem, { fields: { password: problem } });
  const tokenHash = hashToken(token);
  // Hashed before the transaction: argon2 takes a while and a held row lock would stall a second click.
  if (!(await repo.findLiveInvitation(db, tokenHash))) throw invalidLink();
  const passwordHash = await hash(password);
  await db.transaction(async (tx) => {
    const found = await repo.findLiveInvitation(tx, tokenHash, true);
    if (!found) throw invalidLink();
    await repo.markUsed(tx, tokenHash);
    await repo.dropUnusedInvitations(tx, found.userId);
    await repo.setPassword(tx, found.userId, passwordHash);
    await writeAudit(tx, { actorUserId: found.userId, action: 'user.invitation.accept', target: `user:${found.userId}`, requestId });
  });
}
