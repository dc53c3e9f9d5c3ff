import { parseContextHeader } from '@shared/rules/context';
import type { OfflinePreparer, OfflineStep } from '../../lib/offline/offline-preparers';
import { completePlans, importedPlanQueryOptions, importedPlansQueryOptions, productCurvesQueryOptions, scenariosQueryOptions } from '../../lib/plan-queries';

/**
 * What the Scenario Planner needs offline in a product context (issue 31), as steps of "Make
 * available offline", through the page's own query options so the device answers it: the
 * product's response curves, its imported plans and each complete one's flights, and its saved
 * scenarios. The maths runs in the page, so with these the planner optimises, compares and
 * exports with no network.
 */
export const preparePlansOffline: OfflinePreparer = ({ context, fetch }) => {
  const scope = parseContextHeader(context);
  if (!scope) return [];
  const planStep = (id: number, name: string): OfflineStep => ({
    label: `Plans: the imported plan “${name}”`,
    run: async () => void (await fetch(importedPlanQueryOptions(scope, id))),
  });
  return [
    { label: 'Plans: the response curves', run: async () => void (await fetch(productCurvesQueryOptions(scope))) },
    {
      label: 'Plans: the imported plans',
      run: async () => completePlans(await fetch(importedPlansQueryOptions(scope))).map((p) => planStep(p.id, p.name ?? p.scenario_planner_id)),
    },
    { label: 'Plans: the saved scenarios', run: async () => void (await fetch(scenariosQueryOptions(scope))) },
  ];
};
