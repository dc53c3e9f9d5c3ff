import { createFileRoute } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

// Loaded on first use: the shell carries neither Measure's page nor its queries (decision 006's budget).
const MeasurePage = lazy(() => import('../features/measure/measure-page').then((m) => ({ default: m.MeasurePage })));

/** previous, current ('YYYY-MM'), range, tab, group, as the address bar has them. */
type MeasureSearchParams = Partial<Record<'previous' | 'current' | 'tab' | 'group', string> & { range: boolean | string }>;

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/outcomes/measure/{-$mekkoId}')({
  params: {
    parse: (raw) => ({ mekkoId: parseOptionalId(raw.mekkoId) }),
    stringify: (parsed) => ({ mekkoId: stringifyOptionalId(parsed.mekkoId) }),
  },
  // Checked by the page (parseMeasureSearch), not here: the route stays in the shell, the checks load with the page.
  validateSearch: (raw: Record<string, unknown>) => raw as MeasureSearchParams,
  beforeLoad: ({ context }) => requireArea('measure', context.scope),
  component: MeasureRoute,
});

function MeasureRoute() {
  const { scope } = Route.useRouteContext();
  const { mekkoId } = Route.useParams();
  const search = Route.useSearch();
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <MeasurePage scope={scope} mekkoId={mekkoId} search={search} />
    </Suspense>
  );
}
