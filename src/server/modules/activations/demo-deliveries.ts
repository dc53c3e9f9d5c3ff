import type { Db } from '../../db/client';
import { DEMO_ACTIVATIONS } from '../../db/demo-tenant';
import type { JobQueue } from '../../jobs/types';
import { undeliveredSeeded, updateActivation } from './activations-repository';
import { DELIVERY_JOB } from './activations-service';

/**
 * The demo's seeded In Progress activations are delivered for real once the demo's audience
 * data is ready (the seed runs before it exists), each after its DEMO_ACTIVATIONS delay: the
 * first at once (Complete, with its file and its seeded past Sent Date), the second a few minutes
 * later. Runs on every demo start; finds nothing once they have a job. Answers how many were sent.
 */
export async function deliverSeededActivations(db: Db, jobs: JobQueue): Promise<number> {
  const rows = await undeliveredSeeded(db);
  for (const row of rows) {
    const seeded = DEMO_ACTIVATIONS.find((a) => a.audience === row.audience && a.destination === row.destination);
    await db.transaction(async (tx) => {
      const jobId = await jobs.send(DELIVERY_JOB, { activationId: row.id }, { userId: null, clientId: row.clientId, context: null }, { tx, startAfterSeconds: seeded?.deliverAfterSeconds ?? 0 });
      await updateActivation(tx, row.id, { jobId });
    });
  }
  return rows.length;
}
