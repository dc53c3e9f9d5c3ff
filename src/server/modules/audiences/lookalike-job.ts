import { AUDIENCES_TEXT, LOOKALIKE, lookalikeLift, lookalikeSize } from '@shared/rules/audience-kinds';
import type { Executor } from '../../db/client';
import { tasks } from '../../db/schema';
import type { JobDefinition } from '../../jobs/types';
import * as repo from './audience-repository';
import { AUDIENCE_JOB_READABLE, audienceFailureReason } from './audience-jobs-common';
import { AudienceJobError, LOOKALIKE_JOB, audiencePagePath, lookalikePayloadSchema, type LookalikePayload } from './lookalike-request';

/**
 * The notification of a built (or failed) lookalike, as index reports raise theirs: a task of the
 * requester in the audience's client, naming the audience's page (`request.path`).
 */
export async function raiseLookalikeTask(db: Executor, row: repo.AudienceRow, context: string, failed: string | null) {
  const kind = row.audienceType === 'pve' ? 'pve' : 'lookalike';
  const label = row.audienceType === 'pve' ? 'Optimized audience' : 'Lookalike';
  if (row.createdBy === null) return;
  await db.insert(tasks).values({
    userId: row.createdBy,
    clientId: row.clientId,
    reportType: 'lookalike',
    status: failed ? 'failed' : 'completed',
    name: failed ? `${label} ${row.name} could not be built` : `${label} ${row.name} is ready`,
    uiName: row.name,
    productSlug: context,
    error: failed,
    request: { audience_id: row.id, path: audiencePagePath(context, kind, row.id) },
  });
}

const readable = (err: unknown): never => {
  throw new AudienceJobError(err instanceof Error ? err.message : String(err));
};

/**
 * Builds a lookalike (issue 16, decision 012), in the job thread: the seed's size and the region's
 * people give the size asked (lookalikeSize), the engines build the set (the model fitted on 80 %
 * of the seed, the held-out 20 % measuring it) and store it as the audience's segment; the
 * audience is then ready with its people and quality, and its requester is notified. A retry of a
 * built one does nothing; a final failure marks it failed with a reason the user can read.
 */
export const lookalikeJob: JobDefinition<LookalikePayload, { audienceId: number; size: number; lift: number } | { audienceId: number; skipped: string }> = {
  type: LOOKALIKE_JOB,
  parse: (payload) => lookalikePayloadSchema.parse(payload),
  async run(ctx) {
    const { audienceId, clientRegionId, seed, reach, dataSource, context } = ctx.payload;
    const row = await repo.audienceById(ctx.db, audienceId);
    if (!row) return { audienceId, skipped: 'the audience was deleted' };
    if (row.status === 'ready') return { audienceId, skipped: 'the lookalike was already built' };
    if (row.shortId === null) throw new AudienceJobError(AUDIENCES_TEXT.lookalikeFailed);
    await repo.setStatus(ctx.db, audienceId, 'processing', ['pending', 'processing'], { error: null });
    try {
      await ctx.progress(0.05, 'Counting the seed');
      // The engines' refusals are written for people (data still loading, the time limit): the audience shows them.
      const counts = await ctx.ask(clientRegionId, dataSource, { type: 'rule-counts', rules: seed }).catch(readable);
      const { size, error } = lookalikeSize(reach, counts.count, counts.people);
      if (error) throw new AudienceJobError(error);
      await ctx.progress(0.1, 'Scoring the region');
      // Shown before its people are kept: keeping them makes the API thread read the region's
      // catalogue again, which must then find the segment live (a later flip would not be seen).
      await repo.showSegment(ctx.db, row.shortId, 0);
      const built = await ctx.lookalike(clientRegionId, { seed, size, shortId: row.shortId, holdoutShare: LOOKALIKE.holdoutShare }).catch(readable);
      ctx.signal.throwIfAborted();
      const quality = lookalikeLift(built.holdout, built.recovered, built.size, built.candidates);
      const done = await ctx.db.transaction(async (tx) => {
        await repo.showSegment(tx, row.shortId!, built.size);
        const ready = await repo.setStatus(tx, audienceId, 'ready', ['pending', 'processing'], { peopleCount: built.size, countedAt: new Date(), quality, error: null });
        if (ready) await raiseLookalikeTask(tx, ready, context, null);
        return ready;
      });
      await ctx.progress(1, 'Ready');
      if (!done) return { audienceId, skipped: 'the audience was deleted or built meanwhile' };
      return { audienceId, size: built.size, lift: quality.lift };
    } catch (err) {
      const reason = audienceFailureReason(err, ctx.signal, AUDIENCES_TEXT.lookalikeFailed);
      if (!AUDIENCE_JOB_READABLE.has(err instanceof Error ? err.name : '')) ctx.log(`lookalike ${audienceId} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      throw new AudienceJobError(reason);
    }
  },
  async onFailed(failure) {
    const parsed = lookalikePayloadSchema.safeParse(failure.payload);
    if (!parsed.success) return;
    const failed = await repo.setStatus(failure.db, parsed.data.audienceId, 'failed', ['pending', 'processing'], { error: failure.reason || AUDIENCES_TEXT.lookalikeFailed });
    if (failed?.shortId != null) await repo.markSegmentDeleted(failure.db, failed.shortId);
    if (failed) await raiseLookalikeTask(failure.db, failed, parsed.data.context, failed.error);
  },
};
