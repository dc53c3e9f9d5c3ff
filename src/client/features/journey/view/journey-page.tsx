import './journey.css';
import '../../../styles/insights.css';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions';
import { formatContext, slugsOf } from '@shared/rules/context';
import { JOURNEY, JOURNEY_TEXT } from '@shared/rules/journey';
import { ActionAlert } from '../../../components/action-alert';
import { InvalidChartDialog, type InvalidChartTexts } from '../../../components/invalid-chart-dialog';
import { PageHeader } from '../../../components/page-header';
import type { ProductScope } from '../../../lib/guards';
import { useWithOutbox } from '../../../lib/offline/outbox-client';
import { JOURNEY_ENTITY } from '../data/journey-keys';
import { sortJourneys, type JourneySummaryView, type JourneyView } from '../data/journey-edits';
import { journeyQueryOptions, journeysQueryOptions } from '../data/journey-queries';
import { chooseJourney } from './journey-model';
import { JourneyPicker } from './journey-picker';
import { JourneyWorkspace } from './journey-workspace';
import { useJourneyActions } from './use-journey-actions';

interface Props {
  scope: ProductScope;
  journeyId: number | undefined;
}

const INVALID_TEXTS: InvalidChartTexts = {
  title: JOURNEY_TEXT.invalidTitle,
  body: JOURNEY_TEXT.invalidBody,
  removeInvalid: JOURNEY_TEXT.removeInvalid,
  deleteChart: JOURNEY_TEXT.deleteChart,
  confirmDelete: 'Deleting this journey removes it for everyone in this product.',
  chooseAnother: 'Choose another journey',
  cannotFix: 'Ask someone who may edit journeys to fix this journey.',
};

export const contextOfScope = (scope: ProductScope) => formatContext(slugsOf(scope.context));

/** Journey (spec 3 §2.3): the journey picker and actions, the journey chart of brands by stages, and the insights of its selected stages. */
export function JourneyPage({ scope, journeyId }: Props) {
  const router = useRouter();
  const context = contextOfScope(scope);
  const may = { create: can(scope.permissions, 'journeys', 'create'), update: can(scope.permissions, 'journeys', 'update'), destroy: can(scope.permissions, 'journeys', 'destroy') };
  const [confirmDelete, setConfirmDelete] = useState(false);

  const list = useQuery(journeysQueryOptions(context));
  const journeys = sortJourneys(useWithOutbox<JourneySummaryView[]>(JOURNEY_ENTITY, list.data) ?? []);
  const current = chooseJourney(journeys, journeyId);
  const journeyQuery = useQuery({ ...journeyQueryOptions(context, current?.id ?? 0), enabled: current !== undefined });
  const journey = useWithOutbox<JourneyView>(JOURNEY_ENTITY, journeyQuery.data);
  const invalid = journey && journey.segments_checked ? journey.invalid_cell_ids : [];
  const target = journey ? { id: journey.id, version: journey.version, name: journey.name } : null;

  const base = `/${scope.productPath}/insights`;
  const open = (id: number | string | undefined) => void router.navigate({ href: `${base}/journey${id === undefined ? '' : `/${id}`}` });
  const build = (id?: number | string) => void router.navigate({ href: `${base}/journey-builder${id === undefined ? '' : `/${id}`}` });
  const actions = useJourneyActions(context, open);
  const another = journeys.find((j) => j.id !== journey?.id && j.invalid_cell_count === 0 && !j.pending);

  return (
    <div className="page journey-page">
      <PageHeader title="Journey">
        {list.isFetching || journeyQuery.isFetching ? <span role="status" aria-live="polite" className="journey-loading">Loading</span> : null}
      </PageHeader>
      {list.data && journeys.length === 0 ? (
        <section className="empty-state journey-empty" aria-labelledby="no-journeys">
          <h2 id="no-journeys">{JOURNEY_TEXT.empty}</h2>
          {may.create
            ? <button type="button" className="button button--primary" onClick={() => build()}>{JOURNEY_TEXT.createJourney}</button>
            : <p>{JOURNEY_TEXT.noCreatePermission}</p>}
        </section>
      ) : (
        <JourneyPicker
          journeys={journeys}
          current={current}
          may={may}
          onPick={(j) => open(j.id)}
          onCreate={() => build()}
          onEdit={() => current && build(current.id)}
          onCopy={() => target && actions.copy(target)}
          onDelete={() => setConfirmDelete(true)}
        />
      )}
      {list.isError && !list.data ? <p role="alert">The journeys could not be loaded{navigator.onLine ? '. Try again in a moment' : ' offline: open them once while online, or use “Make available offline”'}.</p> : null}
      {journeyId !== undefined && list.data && !current ? <p role="alert">There is no journey {journeyId} in this product: it may have been deleted.</p> : null}
      {journeyQuery.isError && !journey ? <p role="alert">This journey could not be loaded{navigator.onLine ? '' : ' offline: open it once while online, or use “Make available offline”'}.</p> : null}
      {journey && invalid.length === 0 ? <JourneyWorkspace key={String(journey.id)} context={context} journey={journey} /> : null}
      {journey && target && invalid.length > 0 ? (
        <InvalidChartDialog
          texts={INVALID_TEXTS}
          throttleMs={JOURNEY.throttleMs}
          invalidCount={invalid.length}
          names={[...new Set(journey.sub_markets
            .filter((c) => invalid.some((id) => String(id) === String(c.id)))
            .flatMap((c) => [c.matched_id, c.modeled_id])
            .flatMap((id) => journey.segments.find((s) => s.id === id && s.deleted)?.name ?? []))]}
          may={may}
          canChooseAnother={another !== undefined}
          onRemoveInvalid={() => actions.removeInvalid(target)}
          onDeleteChart={() => actions.remove(target)}
          onChooseAnother={() => open(another?.id)}
        />
      ) : null}
      {confirmDelete && target ? (
        <ActionAlert
          title={`Delete ${target.name}?`}
          message="The journey is removed for everyone in this product."
          onClose={() => setConfirmDelete(false)}
          confirm={{ label: JOURNEY_TEXT.deleteChart, onConfirm: () => { setConfirmDelete(false); actions.remove(target); } }}
        />
      ) : null}
    </div>
  );
}
