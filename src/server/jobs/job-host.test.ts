import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { CountSlots } from '../engine/count-slots';
import type { DataManager } from '../engine/data-manager';
import type { LookalikeRequest } from '../engine/questions';
import { JobHost } from './job-host';
import type { HostCall } from './protocol';

/** The API thread's answers to the job thread's kept-set calls: routed to the data manager, lookalikes and materialized sets in the job's count slots. */
describe('JobHost kept-set calls', () => {
  const slots = new CountSlots({ total: 4, perUser: 2, queuePerUser: 10, waitLimitMs: 5_000 });
  const seen: string[] = [];
  const data = {
    slots,
    buildLookalike: async (region: number, req: LookalikeRequest) => {
      seen.push(`lookalike ${region} ${req.shortId} slot:${slots.stats('job:7').userRunning}`);
      return { size: req.size, seedSize: 10, candidates: 90, holdout: 2, recovered: 1 };
    },
    materialize: async (region: number, _rules: unknown, shortId: number) => {
      seen.push(`materialize ${region} ${shortId} slot:${slots.stats('job:system').userRunning}`);
      return 42;
    },
    dropSet: async (region: number, shortId: number) => {
      seen.push(`drop ${region} ${shortId}`);
    },
  } as unknown as DataManager;
  const host = new JobHost({ database: {} as Database, data, progress: async () => true });
  // The answer to one call, as the thread would get it.
  const answer = (call: HostCall) => (host as unknown as { answer(c: HostCall): Promise<{ result: unknown }> }).answer(call);
  const rules = { include: { and: [[1]] }, exclude: [], values: [] };

  it('builds a lookalike, keeps a rule and drops a set through the data manager', async () => {
    expect((await answer({ method: 'lookalike', clientRegionId: 3, req: { seed: rules, size: 50, shortId: 300_001 }, userId: 7 })).result).toEqual({ size: 50, seedSize: 10, candidates: 90, holdout: 2, recovered: 1 });
    expect((await answer({ method: 'materialize', clientRegionId: 3, rules, shortId: 300_002, userId: null })).result).toBe(42);
    expect((await answer({ method: 'dropSet', clientRegionId: 3, shortId: 300_001 })).result).toBeNull();
    expect(seen).toEqual(['lookalike 3 300001 slot:1', 'materialize 3 300002 slot:1', 'drop 3 300001']);
    expect(slots.stats().running).toBe(0);
  });
});
