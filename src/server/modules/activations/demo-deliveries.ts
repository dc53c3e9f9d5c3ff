import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/types';
import { undeliveredSeeded, updateActivation } from './activations-repository';
import { DELIVERY_JOB } from './activations-service';

/** The seeded in-progress activation stays In Progress this long after the first start, so the demo shows one. */
const IN_PROGRESS_FOR_SECONDS = 180;

/**
 * The demo's seeded Complete and In Progress activations are delivered for real once the
 * demo's audience data is ready (the seed runs before it exists): the complete one at once (its
 * Sent Date stays the seeded one, in the past), the in-progress one a few minutes later. Runs on
 * every demo start; finds nothing once they have a job. Answers how many were sent.
 */
export async function deliverSeededActivations(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await undeliveredSeeded(db);
  for (const row of rows) {
    await db.transaction(async (tx) => {
      const startAfterSeconds = row.state === 'in_progress' ? IN_PROGRESS_FOR_SECONDS : 0;
      const jobId = await jobs.send(DELIVERY_JOB, { activationId: row.id }, { userId: null, clientId: row.clientId, context: null }, { tx, startAfterSeconds });
      await updateActivation(tx, row.id, { state: 'in_progress', jobId });
    });
  }
  return rows.length;
}
