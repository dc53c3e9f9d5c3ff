import type { PersonaSummary } from '@shared/schemas/explore';
import { audienceCountQueryOptions, categoriesQueryOptions, widgetQueryOptions } from '../../lib/insights-queries';
import { sharedRead, type OfflinePreparer, type OfflinePrepareInput, type OfflineStep } from '../../lib/offline/offline-preparers';
import { surveysQueryOptions } from '../../lib/survey-queries';
import { effectiveRules, isInvalid, NO_FILTER_CHANGES } from './explore-model';
import { customWidgetsQueryOptions, exploreTabsQueryOptions, personaQueryOptions, personasQueryOptions } from './explore-queries';

/**
 * What Explore needs offline in a product context (issue 15), as steps of "Make available
 * offline", through the query options the page uses so the persisted cache answers it:
 * the persona list and the tabs; per persona (an invalid one opens on its modal and needs
 * nothing more) the persona, its Market Level widgets, and its Person Level insights as it
 * opens (no chip removed): the matched count and the widget of every category.
 */
const named = (p: { name: string }) => `Persona “${p.name}”`;

export const prepareExploreOffline: OfflinePreparer = ({ context, fetch }: OfflinePrepareInput) => {
  const categoriesOnce = sharedRead(() => fetch(categoriesQueryOptions(context)));

  const personaStep = (summary: PersonaSummary): OfflineStep => ({
    label: named(summary),
    run: async () => {
      if (isInvalid(summary)) return [];
      const persona = await fetch(personaQueryOptions(context, summary.id));
      const label = named(persona);
      const rules = effectiveRules(persona.identifiers, NO_FILTER_CHANGES);
      const steps: OfflineStep[] = [
        { label: `${label}: market level widgets`, run: async () => void (await fetch(customWidgetsQueryOptions(context, persona.id))) },
        {
          label: `${label}: person level insights`,
          run: async () =>
            (await categoriesOnce()).map((c) => ({ label: `${label} insights: ${c.name}`, run: async () => void (await fetch(widgetQueryOptions(context, rules, c.id))) })),
        },
      ];
      if (rules) steps.unshift({ label: `${label}: matched people`, run: async () => void (await fetch(audienceCountQueryOptions(context, rules))) });
      return steps;
    },
  });

  return [
    { label: 'Explore: the persona list', run: async () => (await fetch(personasQueryOptions(context))).map(personaStep) },
    { label: 'Explore: tabs configuration', run: async () => void (await fetch(exploreTabsQueryOptions(context))) },
    { label: 'Explore: insight categories', run: async () => void (await categoriesOnce()) },
    { label: 'Explore: region surveys', run: async () => void (await fetch(surveysQueryOptions(context, 'region'))) },
  ];
};
