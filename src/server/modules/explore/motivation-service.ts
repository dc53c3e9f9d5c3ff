import type { MotivationRequestBody } from '@shared/schemas/explore';
import type * as z from 'zod/mini';
import type { motivationAudienceSchema } from '@shared/schemas/explore';
import type { JobQueue } from '../../jobs/types';
import { queueMotivation } from '../audiences/motivation-service';
import { auditWrite } from '../audit/audit-repository';
import { checkRules, productScope, type ExploreScope } from './explore-common';
import * as repo from './explore-repository';

type MotivationAudience = z.infer<typeof motivationAudienceSchema>;

/**
 * A motivation audience request (spec 3 §2.1, tier 3): stored pending with its rule, refused as a
 * persona's would be when it names what the region does not have, and its job queued (issue 16).
 */
export async function requestMotivationAudience(scope: ExploreScope, body: MotivationRequestBody, jobs: JobQueue): Promise<MotivationAudience> {
  const sent = body.motivation_audience;
  await checkRules(scope, sent.rules);
  const row = await repo.insertMotivation(scope.db, productScope(scope), { name: sent.name, description: sent.description || null, rules: sent.rules }, scope.auth.user.id);
  await auditWrite(scope, 'explore.motivation_audience.create', `motivation_audience:${row.id}`, { name: row.name });
  // Issue 16: a job makes it (pending -> processing -> complete), in this transaction.
  await queueMotivation(scope, jobs, row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    rules: row.rules,
    // The column holds only the four states.
    attributes: { job_status: row.jobStatus as MotivationAudience['attributes']['job_status'], count: { people: row.jobStatus === 'complete' ? row.peopleCount : null } },
    created_at: row.createdAt.toISOString(),
  };
}
