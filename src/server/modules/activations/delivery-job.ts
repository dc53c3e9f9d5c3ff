import { rm } from 'node:fs/promises';
import path from 'node:path';
import { audienceRulesSchema } from '@shared/schemas/audience-rules';
import { RUNNING_STATES } from '@shared/rules/activations';
import type { JobContext, JobDefinition } from '../../jobs/types';
import { completeDelivery, deliveryOf, deliverySalt, updateForJob } from './activations-repository';
import { buildMembers } from './delivery-members';
import { deliveryDirectory, deliveryFileName, writeDeliveryFile } from './delivery-file';

export interface DeliveryPayload {
  activationId: number;
}

export type DeliveryResult = { delivered: true; members: number; file: string } | { delivered: false; reason: 'gone' | 'superseded' };

/** Reading segments is the first 30 % of the work, writing the file the rest. */
const READ_SHARE = 0.3;
const REASON_LIMIT = 500;

/**
 * Sends an activation's audience to its destination (issue 14), in the job thread: reads the
 * audience's segments from the count store and evaluates its rule (delivery-members.ts), then,
 * Finalizing, writes DATA_DIR/deliveries/{destination directory}/{activation}-{time}.csv of
 * hashed ids (delivery-file.ts) and completes the activation with its members, file, Last
 * Refresh and first Sent Date. Every change to the activation is made only while this job is the
 * one the activation waits for: a cancel (state canceled) or a newer refresh (another job id)
 * leaves it alone, and a file finished after a cancel is removed.
 */
async function deliver(ctx: JobContext<DeliveryPayload>): Promise<DeliveryResult> {
  const { activationId } = ctx.payload;
  const found = await deliveryOf(ctx.db, activationId);
  if (!found) return { delivered: false, reason: 'gone' };
  if (found.jobId !== ctx.id || !RUNNING_STATES.includes(found.state)) return { delivered: false, reason: 'superseded' };
  const rules = audienceRulesSchema.safeParse(found.rules);
  if (!rules.success) throw new Error('The audience has no rule to deliver.');
  if (found.clientRegionId === null) throw new Error("The audience's region has no audience data.");
  const clientRegionId = found.clientRegionId;
  // A retry starts over from In Progress.
  if (!(await updateForJob(ctx.db, activationId, ctx.id, { state: 'in_progress', error: null }))) return { delivered: false, reason: 'superseded' };

  await ctx.progress(0, 'Building the audience');
  const members = await buildMembers(rules.data, (id) => ctx.setChunks(clientRegionId, 'segment', id), {
    signal: ctx.signal,
    onLoaded: (done, total) => ctx.progress(READ_SHARE * (done / total), `Read ${done} of ${total} segments`),
  });

  if (!(await updateForJob(ctx.db, activationId, ctx.id, { state: 'finalizing' }))) return { delivered: false, reason: 'superseded' };
  const at = new Date();
  const file = path.join(deliveryDirectory(ctx.dataDir, found.directory), deliveryFileName(activationId, at));
  const salt = await deliverySalt(ctx.db, found.clientId);
  const size = members.size;
  await ctx.progress(READ_SHARE, `Writing ${size.toLocaleString('en-US')} members`);
  const rows = await writeDeliveryFile(file, members, size, salt, {
    signal: ctx.signal,
    onProgress: (share) => ctx.progress(READ_SHARE + (1 - READ_SHARE) * share * 0.99, `Writing ${size.toLocaleString('en-US')} members`),
  });

  const filePath = path.relative(ctx.dataDir, file);
  if (!(await completeDelivery(ctx.db, activationId, ctx.id, { memberCount: rows, filePath, at }))) {
    // Cancelled (or refreshed again) while the file was written: it is not a delivery.
    await rm(file, { force: true });
    return { delivered: false, reason: 'superseded' };
  }
  await ctx.progress(1, 'Delivered').catch(() => undefined);
  ctx.log(`activation ${activationId}: ${rows} members delivered to ${filePath}`);
  return { delivered: true, members: rows, file: filePath };
}

export const deliveryJob: JobDefinition<DeliveryPayload, DeliveryResult> = {
  type: 'activation-delivery',
  parse(payload) {
    const id = Number((payload as Partial<DeliveryPayload> | null)?.activationId);
    if (!Number.isInteger(id) || id <= 0) throw new Error('An activation delivery needs the activation\'s id.');
    return { activationId: id };
  },
  run: deliver,
  // Its last attempt failed (or its worker died on it): the activation shows Error with the reason.
  async onFailed(failure) {
    await updateForJob(failure.db, failure.payload.activationId, failure.id, { state: 'error', error: failure.reason.slice(0, REASON_LIMIT) });
  },
};
