import './journey-builder.css';
import { useQuery } from '@tanstack/react-query';
import { formatContext, slugsOf } from '@shared/rules/context';
import { draftOf } from '@shared/rules/journey';
import { PageHeader } from '../../../components/page-header';
import type { ProductScope } from '../../../lib/guards';
import { useWithOutbox } from '../../../lib/offline/outbox-client';
import { JOURNEY_ENTITY } from '../data/journey-keys';
import { journeyQueryOptions, journeysQueryOptions, type JourneySummaryView, type JourneyView } from '../data/journey-queries';
import { JourneyBuilder } from './journey-builder';

interface Props {
  scope: ProductScope;
  journeyId: number | undefined;
}

/**
 * The journey builder (spec 3 §2.4): a new journey, or the journey `journeyId` as the page shows
 * it (queued edits included), edited as one draft and saved whole (decision 013).
 */
export function JourneyBuilderPage({ scope, journeyId }: Props) {
  const context = formatContext(slugsOf(scope.context));
  const list = useQuery(journeysQueryOptions(context));
  const journeys = useWithOutbox<JourneySummaryView[]>(JOURNEY_ENTITY, list.data);
  const journeyQuery = useQuery({ ...journeyQueryOptions(context, journeyId ?? 0), enabled: journeyId !== undefined });
  const journey = useWithOutbox<JourneyView>(JOURNEY_ENTITY, journeyQuery.data);
  const otherNames = (journeys ?? []).filter((j) => journeyId === undefined || String(j.id) !== String(journeyId)).map((j) => j.name);
  const props = { scope, context, otherNames };

  if (journeyId === undefined) return <JourneyBuilder key="new" {...props} journey={null} />;
  if (journey) return <JourneyBuilder key={`${journey.id}`} {...props} journey={{ id: journey.id, version: journey.version, name: journey.name, draft: draftOf(journey), segments: journey.segments }} />;
  return (
    <div className="page journey-builder">
      <PageHeader title="Journey Builder" />
      {journeyQuery.isError ? (
        <p role="alert">This journey could not be loaded{navigator.onLine ? ': it may have been deleted' : ' offline: open it once while online'}.</p>
      ) : (
        <p role="status">Loading</p>
      )}
    </div>
  );
}
