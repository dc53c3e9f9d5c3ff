import { GROW_TEXT } from '@shared/rules/grow';
import { hasNonSegments, type AudienceRules } from '@shared/schemas/audience-rules';
import { ERROR_CODES } from '@shared/schemas/error';
import { AUDIENCE_TEXT, type SaveAudienceBody, type savedAudienceSchema } from '@shared/schemas/grow';
import type * as z from 'zod/mini';
import type { Executor } from '../../db/client';
import { AppError, unavailable } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { writeAudit } from '../audit/audit-repository';
import { chartScope } from '../grow/grow-common';
import { findAnswer } from '../idempotency/idempotency-repository';
import { contextClientRegion, countAudience, type Asker } from '../insights/insights-service';
import * as repo from './audience-repository';

export type SavedAudience = z.infer<typeof savedAudienceSchema>;

/** A write's transaction, caller and X-Context product. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  ctx: RequestContext;
  requestId: string;
}

export const AUDIENCE_LIMITS = { name: 100, description: 1000 } as const;

/** An audience checked, counted and ready to store. */
export interface PreparedAudience {
  name: string;
  description: string | null;
  rules: AudienceRules;
  peopleCount: number;
  referer: string | null;
}

/** The builder form's rules (name required and short, description not too long), by field. */
export function validateSave(body: Pick<SaveAudienceBody, 'name' | 'description'>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const name = body.name.trim();
  if (name.length === 0) issues.push({ path: 'body.name', message: AUDIENCE_TEXT.nameRequired });
  else if (name.length > AUDIENCE_LIMITS.name) issues.push({ path: 'body.name', message: AUDIENCE_TEXT.nameTooLong });
  if (body.description.trim().length > AUDIENCE_LIMITS.description) issues.push({ path: 'body.description', message: AUDIENCE_TEXT.descriptionTooLong });
  return issues;
}

/**
 * Checks and counts an audience to save: the form's rules (422), no demographic values (422,
 * spec 3 §5: an audience is of segments only), the rule's segments against
 * the context client region (422 UNKNOWN_SEGMENTS; 503 while its data is not ready), then the
 * data permission of every included segment (403). Counting asks the engines, which read the
 * database outside any transaction, so this runs before the write's transaction opens.
 */
export async function prepareSave(asker: Asker, body: SaveAudienceBody): Promise<PreparedAudience> {
  const issues = validateSave(body);
  if (issues.length) throw new AppError(422, ERROR_CODES.validation, issues[0]!.message, issues);
  if (hasNonSegments(body.rules)) throw new AppError(422, ERROR_CODES.validation, AUDIENCE_TEXT.nonSegments, [{ path: 'body.rules.values', message: AUDIENCE_TEXT.nonSegments }]);
  const peopleCount = await countAudience(asker, body.rules);
  const included = [...new Set(body.rules.include.and.flat())];
  const permissions = await repo.segmentPermissions(asker.db, await contextClientRegion(asker), included);
  const refused = permissions.filter((p) => !p.allow).map((p) => p.id).sort((a, b) => a - b);
  if (refused.length) throw new AppError(403, ERROR_CODES.forbidden, GROW_TEXT.saveAudienceNoPermission, { segments: refused });
  const description = body.description.trim();
  return { name: body.name.trim(), description: description || null, rules: body.rules, peopleCount, referer: body.referer ?? null };
}

/**
 * Whether this X-Request-ID already has its answer: a resend then gets that answer as it is,
 * without being checked or counted again (the segments or the data may have changed since).
 */
export async function alreadyAnswered(db: Executor, auth: RequestAuth, key: string): Promise<boolean> {
  return (await findAnswer(db, (auth.parentUser ?? auth.user).id, key)) !== null;
}

export function toSavedView(row: repo.AudienceRow): SavedAudience {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    // Stored from a parsed rule, so it has the rule's shape.
    rules: row.rules as AudienceRules,
    people_count: row.peopleCount ?? 0,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

/** Stores the prepared audience in the X-Context product; null when it was not prepared (see alreadyAnswered). */
export async function saveAudience(scope: WriteScope, prepared: PreparedAudience | null): Promise<SavedAudience> {
  // Answered when checked, gone when claimed: only an expired key does that. A resend is judged afresh.
  if (!prepared) throw unavailable('This request was being answered; send it again.');
  const { auth, ctx, tx } = scope;
  const row = await repo.insertAudience(tx, {
    ...chartScope(ctx),
    name: prepared.name,
    description: prepared.description,
    rules: prepared.rules,
    peopleCount: prepared.peopleCount,
    createdBy: auth.user.id,
  });
  await writeAudit(tx, {
    actorUserId: (auth.parentUser ?? auth.user).id,
    actingAsUserId: auth.parentUser ? auth.user.id : null,
    action: 'audience.create',
    target: `audience:${row.id}`,
    details: { name: row.name, people_count: row.peopleCount, referer: prepared.referer },
    requestId: scope.requestId,
  });
  return toSavedView(row);
}
