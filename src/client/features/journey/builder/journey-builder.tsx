import { useId, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useRouter } from '@tanstack/react-router';
import {
  JOURNEY, JOURNEY_TEXT, journeyChanged, journeyNameError, journeyProblem, namesNotice, newJourneyDraft, type ItemId, type JourneyDraft,
} from '@shared/rules/journey';
import { canOpenUploadPage } from '@shared/rules/access';
import type { JourneySegment } from '@shared/schemas/journeys';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesDialog } from '../../../components/unsaved-changes-dialog';
import type { ProductScope } from '../../../lib/guards';
import { temporaryId } from '../../../lib/offline/outbox-store';
import { errorToast } from '../../../lib/ui-store';
import { discussionNodesQueryOptions } from '../data/journey-queries';
import { EditMappingPanel } from './edit-mapping-panel';
import { JourneyGrid } from './journey-grid';
import { useJourneySave } from './use-journey-save';

/** The journey being edited, as loaded: its id and version (what an edit is based on) and its draft. */
export interface LoadedJourney {
  id: number | string;
  version: number;
  name: string;
  draft: JourneyDraft;
  segments: readonly JourneySegment[];
}

interface Props {
  scope: ProductScope;
  context: string;
  /** The names of the product's other journeys: a journey's name is unique among them (spec 3 §5). */
  otherNames: readonly string[];
  journey: LoadedJourney | null;
}

/** What is known of a segment a cell names: from the journey, or from the picker that chose it. */
export type KnownSegments = Record<number, Pick<JourneySegment, 'path_parts' | 'deleted'>>;

export function JourneyBuilder({ scope, context, otherNames, journey }: Props) {
  const id = useId();
  const router = useRouter();
  const productName = scope.context.product?.name ?? 'Brand';
  const [loaded] = useState<JourneyDraft>(() => journey?.draft ?? newJourneyDraft(productName, temporaryId));
  const [draft, setDraft] = useState<JourneyDraft>(loaded);
  const [nameTouched, setNameTouched] = useState(false);
  const [mapping, setMapping] = useState<{ brand: ItemId; stage: ItemId } | null>(null);
  const [known, setKnown] = useState<KnownSegments>(() => Object.fromEntries((journey?.segments ?? []).map((s) => [s.id, { path_parts: s.path_parts, deleted: s.deleted }])));
  const leaving = useRef(false);
  const nodes = useQuery(discussionNodesQueryOptions(context));
  const discussions = useMemo(() => new Map((nodes.data ?? []).map((n) => [n.id, n.name])), [nodes.data]);

  const changed = journeyChanged(loaded, draft);
  const problem = journeyProblem(draft, otherNames);
  const nameError = nameTouched ? journeyNameError(draft.name, otherNames) : null;
  // Cancel, a link or closing the tab with changes asks first (spec 3 §2.4); after a save nothing is lost.
  const blocker = useBlocker({ shouldBlockFn: () => changed && !leaving.current, enableBeforeUnload: () => changed && !leaving.current, withResolver: true });

  const journeyHref = (journeyId: number | string | undefined) =>
    `/${scope.productPath}/insights/journey${typeof journeyId === 'number' ? `/${journeyId}` : ''}`;
  const close = (journeyId: number | string | undefined) => {
    leaving.current = true;
    void router.navigate({ href: journeyHref(journeyId) });
  };
  const { saving, save } = useJourneySave(context, journey ? { id: journey.id, version: journey.version, name: journey.name } : null, loaded, close);
  const cancel = () => void router.navigate({ href: journeyHref(journey?.id) });

  /** On leaving a brand or stage name field: the §5 notice (10 s) while the names do not hold. */
  const nameLeft = (kind: 'brand' | 'stage', current: JourneyDraft) => {
    const notice = namesNotice(current, kind);
    if (notice) errorToast(notice, undefined, JOURNEY.noticeMs);
  };

  return (
    <div className="page journey-builder">
      <PageHeader title="Journey Builder" />
      <form className="journey-builder__form" noValidate onSubmit={(e) => { e.preventDefault(); if (!problem && !saving) save(draft); }}>
        <div className="journey-builder__fields">
          <div className="field journey-builder__name">
            <label htmlFor={`${id}-name`}>Journey name</label>
            <input
              id={`${id}-name`} value={draft.name} maxLength={JOURNEY.nameMax + 20} aria-invalid={Boolean(nameError)} aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} onBlur={() => setNameTouched(true)}
            />
            {nameError ? <p id={`${id}-name-error`} className="field__error" role="alert">{nameError}</p> : null}
          </div>
          <label className="field field--inline">
            <input type="checkbox" checked={draft.default} onChange={(e) => setDraft((d) => ({ ...d, default: e.target.checked }))} /> {JOURNEY_TEXT.makeDefault}
          </label>
          <label className="field field--inline">
            <input type="checkbox" checked={draft.has_transition_data} onChange={(e) => setDraft((d) => ({ ...d, has_transition_data: e.target.checked }))} /> {JOURNEY_TEXT.displayTransitions}
          </label>
          <div className="journey-builder__actions">
            <button type="button" className="button button--ghost" onClick={cancel}>Cancel</button>
            <button type="submit" className="button button--primary" disabled={problem !== null || saving} aria-describedby={problem ? `${id}-problem` : undefined}>
              {saving ? 'Saving…' : JOURNEY_TEXT.saveAndClose}
            </button>
          </div>
        </div>
        {problem ? <p id={`${id}-problem`} className="journey-builder__problem" role="status">{problem}</p> : null}
      </form>
      <JourneyGrid draft={draft} known={known} discussions={discussions} onChange={setDraft} onNameLeft={nameLeft} onEditCell={(brand, stage) => setMapping({ brand, stage })} />
      {mapping ? (
        <EditMappingPanel
          key={`${mapping.brand}|${mapping.stage}`}
          context={context}
          uploadHref={canOpenUploadPage('discussions_upload', scope.permissions) ? `/${scope.context.client.slug}/${scope.context.region?.slug ?? ''}/upload/discussions_upload/admin` : null}
          region={scope.context.region?.slug ?? ''}
          draft={draft}
          brand={mapping.brand}
          stage={mapping.stage}
          known={known}
          onKnown={(segment) => setKnown((k) => ({ ...k, [segment.id]: { path_parts: segment.path_parts, deleted: false } }))}
          onSave={(next) => { setDraft(next); setMapping(null); }}
          onClose={() => setMapping(null)}
        />
      ) : null}
      {blocker.status === 'blocked' ? <UnsavedChangesDialog onDiscard={() => blocker.proceed()} onStay={() => blocker.reset()} /> : null}
    </div>
  );
}
