import { checkMediaPlan } from '@shared/rules/scenarios';
import { mediaPlanFileSchema, type MediaPlanFile } from '@shared/schemas/plans';
import type { JobDefinition } from '../../jobs/types';
import { filePlanSource, planExportDirs, PROJECT_ID, type PlanSource } from './plan-source';
import * as repo from './plans-repository';

export interface PlanImportPayload {
  importId: number;
}

export type PlanImportResult = { imported: boolean; message: string | null };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Reads a plan and says what is wrong with it for this product, or gives it: an unknown Project
 * ID, a file that is not a plan, another client's or product's plan, or one whose flights cannot
 * be planned (decision 022). Pure but for the source's read.
 */
export async function readPlan(source: PlanSource, projectId: string, slugs: { client: string; region: string; brand: string; product: string }): Promise<{ plan: MediaPlanFile } | { message: string }> {
  if (!PROJECT_ID.test(projectId)) return { message: `${projectId} is not a Project ID: they are letters, digits, '-', '_' and '.'.` };
  const text = await source.read(projectId);
  if (text === null) return { message: `There is no plan with Project ID ${projectId} in the planning system.` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { message: `Plan ${projectId} could not be read: the planning system's export is not a plan file.` };
  }
  const parsed = mediaPlanFileSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`);
    return { message: `Plan ${projectId} is malformed: ${issues.join('; ')}.` };
  }
  const plan = parsed.data;
  if (plan.project_id !== projectId) return { message: `Plan ${projectId} is malformed: its file names Project ID ${plan.project_id}.` };
  if (plan.client !== slugs.client) return { message: `Plan ${projectId} belongs to another client: it cannot be imported here.` };
  if (plan.region !== slugs.region || plan.brand !== slugs.brand || plan.product !== slugs.product) {
    return { message: `Plan ${projectId} is for ${plan.brand}/${plan.product} in ${plan.region}, not this product: import it from that product's page.` };
  }
  const problems = checkMediaPlan(plan);
  if (problems.length > 0) return { message: `Plan ${projectId} cannot be planned (${plural(problems.length, 'problem')}): ${problems.join(' ')}` };
  return { plan };
}

/**
 * Imports a media plan by Project ID (issue 31; spec 2 §3 "Imported plan"), in the job thread:
 * the whole plan or nothing, written once (a retry of an import that has ended changes nothing).
 */
export const planImportJob: JobDefinition<PlanImportPayload, PlanImportResult> = {
  type: 'plan-import',
  parse(payload) {
    const p = payload as Partial<PlanImportPayload> | null;
    if (!p || !Number.isInteger(p.importId)) throw new Error('A plan import job names its import');
    return { importId: p.importId! };
  },
  async run(ctx) {
    const row = await repo.findImport(ctx.db, ctx.payload.importId);
    if (!row || row.status !== 'submitted') return { imported: false, message: row ? null : 'The import was deleted.' };
    const scope = { clientId: row.clientId, productId: row.productId, regionId: row.regionId };
    const slugs = await repo.slugsOf(ctx.db, scope);
    if (!slugs) return { imported: false, message: 'The product was deleted.' };
    await ctx.progress(0.2, `Reading plan ${row.projectId}`);
    const read = await readPlan(filePlanSource(planExportDirs(process.env, ctx.dataDir)), row.projectId, slugs);
    if ('message' in read) {
      await repo.finishImport(ctx.db, row.id, { status: 'failed', message: read.message });
      return { imported: false, message: read.message };
    }
    await repo.finishImport(ctx.db, row.id, { status: 'complete', plan: read.plan });
    return { imported: true, message: null };
  },
  async onFailed(failure) {
    await repo.finishImport(failure.db, failure.payload.importId, { status: 'failed', message: `The import stopped: ${failure.reason}` });
  },
};
