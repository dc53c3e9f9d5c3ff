import { createFileRoute } from '@tanstack/react-router';
import { GrowPage } from '../features/grow/grow-page';
import { IndexReportHost } from '../features/reports/index-report-host';
import { requireArea, parseOptionalId, stringifyOptionalId } from '../lib/guards';

export const Route = createFileRoute('/_app/$client/$region/$brand/$product/insights/grow/{-$mekkoId}')({
  params: {
    parse: (raw) => ({ mekkoId: parseOptionalId(raw.mekkoId) }),
    stringify: (parsed) => ({ mekkoId: stringifyOptionalId(parsed.mekkoId) }),
  },
  beforeLoad: ({ context }) => requireArea('grow', context.scope),
  // The chart list, the chart and its counts. A failed read shows on the page (offline with
  // nothing saved), not as an error page. Loaded on first use, so the shell does not carry
  // Grow's queries and schemas.
  loader: ({ context, params }) =>
    import('../features/grow/grow-preload')
      .then(({ preloadGrow }) => preloadGrow(context.queryClient, context.scope, params.mekkoId))
      .catch(() => undefined),
  component: GrowRoute,
});

function GrowRoute() {
  const { scope } = Route.useRouteContext();
  const { mekkoId } = Route.useParams();
  return (
    <>
      <GrowPage scope={scope} mekkoId={mekkoId} />
      <IndexReportHost />
    </>
  );
}
