import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where media plans come from (issue 31): a planning system, behind one interface, so a real
 * connector replaces the built-in one without touching the screen or the import job.
 */
export interface PlanSource {
  /** The plan exported under this Project ID as the planning system wrote it (unparsed), or null when there is none. */
  read(projectId: string): Promise<string | null>;
}

/** Project IDs as planning systems write them: letters, digits, '-', '_' and '.' (never a path). */
export const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The demo's exported plans, shipped with the product (README: "Scenario planning"). */
export const DEMO_PLANS_DIR = path.join(import.meta.dirname, 'demo-plans');

/**
 * The built-in source: plans exported as `{Project ID}.json` into a folder, PLAN_EXPORT_DIR
 * (default DATA_DIR/plan-exports), then the demo's folder unless the demo is off (SEED_DEMO=0).
 */
export function filePlanSource(dirs: readonly string[]): PlanSource {
  return {
    async read(projectId) {
      if (!PROJECT_ID.test(projectId)) return null;
      for (const dir of dirs) {
        try {
          return await readFile(path.join(dir, `${projectId}.json`), 'utf8');
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return null;
    },
  };
}

/** The folders the built-in source reads, from the settings. */
export function planExportDirs(env: NodeJS.ProcessEnv, dataDir: string): string[] {
  const own = env.PLAN_EXPORT_DIR ? path.resolve(env.PLAN_EXPORT_DIR) : path.join(dataDir, 'plan-exports');
  return env.SEED_DEMO === '0' ? [own] : [own, DEMO_PLANS_DIR];
}
