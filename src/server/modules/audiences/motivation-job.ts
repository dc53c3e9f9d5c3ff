import { randomUUID } from 'node:crypto';
import type { JobDefinition } from '../../jobs/types';
import * as repo from './audience-repository';
import { AUDIENCE_JOB_READABLE, audienceFailureReason } from './audience-jobs-common';
import { AudienceJobError, MOTIVATION_JOB, motivationPayloadSchema, type MotivationPayload } from './lookalike-request';
import * as motivations from './motivation-repository';

const FAILED = 'The motivation audience could not be made.';

/**
 * Makes a motivation audience (issue 16; spec 3 §4 Journey), in the job thread: pending →
 * processing (its count cleared) → its rule's people stored as a segment of the client region (a
 * stored set, decision 012) and an audience of type motivation naming that segment → complete
 * with the people count. A retry reuses the audience it made; a final failure marks it failed.
 */
export const motivationAudienceJob: JobDefinition<MotivationPayload, { motivationId: number; audienceId: number; people: number } | { motivationId: number; skipped: string }> = {
  type: MOTIVATION_JOB,
  parse: (payload) => motivationPayloadSchema.parse(payload),
  async run(ctx) {
    const { motivationId, clientRegionId } = ctx.payload;
    const request = await motivations.motivationById(ctx.db, motivationId);
    if (!request) return { motivationId, skipped: 'the request was deleted' };
    if (request.jobStatus === 'complete') return { motivationId, skipped: 'it was already made' };
    await motivations.setMotivationStatus(ctx.db, motivationId, 'processing', ['pending', 'processing', 'failed'], { ...motivations.clearedCount, error: null });
    try {
      // The audience and its hidden segment, made once (a retry finds them).
      let audience = request.audienceId !== null ? await repo.audienceById(ctx.db, request.audienceId) : null;
      if (!audience || audience.shortId === null) {
        audience = await ctx.db.transaction(async (tx) => {
          const identifier = randomUUID();
          const shortId = await repo.allocateSegment(tx, clientRegionId, { identifier, name: request.name, folder: 'Motivation' });
          const made = await repo.insertDerived(tx, {
            clientId: request.clientId,
            productId: request.productId,
            regionId: request.regionId,
            name: request.name,
            description: request.description,
            type: 'motivation',
            rules: { include: { and: [[shortId]] }, exclude: [], values: [] },
            identifier,
            shortId,
            status: 'processing',
            createdBy: request.createdBy,
          });
          await motivations.setMotivationStatus(tx, motivationId, 'processing', ['processing'], { audienceId: made.id });
          return made;
        });
      }
      await ctx.progress(0.2, 'Storing its people');
      // Shown before its people are kept (keeping them makes the API thread read the catalogue again).
      await repo.showSegment(ctx.db, audience.shortId!, 0);
      const people = await ctx.materialize(clientRegionId, request.rules, audience.shortId!).catch((err: unknown) => {
        throw new AudienceJobError(err instanceof Error ? err.message : String(err));
      });
      ctx.signal.throwIfAborted();
      await ctx.db.transaction(async (tx) => {
        await repo.showSegment(tx, audience.shortId!, people);
        await repo.setStatus(tx, audience.id, 'ready', ['pending', 'processing', 'failed'], { peopleCount: people, countedAt: new Date(), error: null });
        await motivations.setMotivationStatus(tx, motivationId, 'complete', ['processing'], { peopleCount: people, error: null });
      });
      await ctx.progress(1, 'Complete');
      return { motivationId, audienceId: audience.id, people };
    } catch (err) {
      if (!AUDIENCE_JOB_READABLE.has(err instanceof Error ? err.name : '')) ctx.log(`motivation audience ${motivationId} failed: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
      throw new AudienceJobError(audienceFailureReason(err, ctx.signal, FAILED));
    }
  },
  async onFailed(failure) {
    const parsed = motivationPayloadSchema.safeParse(failure.payload);
    if (!parsed.success) return;
    const failed = await motivations.setMotivationStatus(failure.db, parsed.data.motivationId, 'failed', ['pending', 'processing'], { error: failure.reason || FAILED });
    const audience = failed?.audienceId ? await repo.setStatus(failure.db, failed.audienceId, 'failed', ['pending', 'processing'], { error: failure.reason || FAILED }) : null;
    if (audience?.shortId != null) await repo.markSegmentDeleted(failure.db, audience.shortId);
  },
};
