import '../../styles/insights.css';
import '../../styles/builder.css';
import './overlap.css';
import { useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions';
import { formatContext, slugsOf } from '@shared/rules/context';
import { formatAsOf } from '@shared/rules/format';
import type { ComparisonResult } from '@shared/schemas/audiences';
import { PageHeader } from '../../components/page-header';
import type { ProductScope } from '../../lib/guards';
import { insightErrorMessage } from '../../lib/insights-queries';
import { personaQueryOptions } from '../../lib/persona-queries';
import { segmentCatalogueQueryOptions } from '../../lib/segment-catalogue-queries';
import { useWithOutbox, whenSettled } from '../../lib/offline/outbox-client';
import { errorToast, successToast } from '../../lib/ui-store';
import { COMPARISON_ENTITY, createComparison, deleteComparison, updateComparison } from './comparison-commands';
import { sortComparisons, type ComparisonView } from './comparison-edits';
import { ComparisonList } from './comparison-list';
import { describeIntersection, OverlapMatrix, OverlapUpSet, OverlapVenn } from './overlap-charts';
import { MemberPicker } from './member-picker';
import {
  intersectionRule, intersections, OVERLAP, OVERLAP_TEXT, sameMembers, saveAsAudienceHref, segmentRule, type MemberRule, type PickedMember,
} from './overlap-model';
import {
  audienceDetailQueryOptions, comparisonQueryOptions, comparisonsQueryOptions, overlapKeys, pickableAudiencesQueryOptions, pickablePersonasQueryOptions, recountComparison,
} from './overlap-queries';

interface Props {
  scope: ProductScope;
  comparisonId: number | undefined;
}

export const contextOf = (scope: ProductScope) => formatContext(slugsOf(scope.context));
/** Overlap's toasts take the shell's durations by tone (spec 1 §9 success 4000 ms, spec 3 §9 error 5000 ms). */
const toast = (title: string) => successToast(title);

/**
 * Overlap (issue 16; spec 3 insights/overlap[/{comparisonId}], comparisons R): the saved
 * comparisons, the picker of 2 to 4 audiences, segments or personas, and the open comparison's
 * matrix, Venn and UpSet bars, as last counted (on the device too: it opens offline).
 */
export function OverlapPage({ scope, comparisonId }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const context = contextOf(scope);
  const list = useQuery(comparisonsQueryOptions(context));
  const comparisons = sortComparisons(useWithOutbox<ComparisonView[]>(COMPARISON_ENTITY, list.data) ?? []);
  // A comparison made here that the server has not named yet (offline, or on its way).
  const [pendingId, setPendingId] = useState<string | null>(null);
  const detail = useQuery({ ...comparisonQueryOptions(context, comparisonId ?? 0), enabled: comparisonId !== undefined });
  const detailView = useWithOutbox<ComparisonView>(COMPARISON_ENTITY, detail.data);
  const openKey = comparisonId ?? pendingId ?? undefined;
  const fromList = comparisons.find((c) => String(c.id) === String(openKey));
  const open = comparisonId !== undefined ? (detailView ?? fromList) : fromList;
  // The picks stay while a new comparison is on its way (and if it is refused); they start again
  // from the comparison the URL opens, once it is read.
  const workspaceKey = comparisonId === undefined ? 'new' : open ? `comparison-${comparisonId}` : `reading-${comparisonId}`;
  const notFound = comparisonId !== undefined && !open && !detail.isPending && !list.isPending;

  const perms = scope.permissions;
  const may = { create: can(perms, 'comparisons', 'create'), update: can(perms, 'comparisons', 'update'), destroy: can(perms, 'comparisons', 'destroy') };
  const go = (id: number | string | undefined) => {
    setPendingId(typeof id === 'string' ? id : null);
    void router.navigate({ href: `/${scope.productPath}/insights/overlap${typeof id === 'number' ? `/${id}` : ''}` });
  };

  const created = (tmpId: string, queued: Promise<{ id: string }>) => {
    setPendingId(tmpId);
    void queued.then((command) => whenSettled(command.id)).then(({ applied, data }) => {
      const made = data as ComparisonView | null;
      // Refused (the outbox told the user why): the picks stay on screen to be put right.
      if (!applied || !made || typeof made.id !== 'number') return setPendingId((current) => (current === tmpId ? null : current));
      queryClient.setQueryData(overlapKeys.comparison(context, made.id), made);
      // Only when the user still looks at the one they made.
      setPendingId((current) => {
        if (current === tmpId) void router.navigate({ href: `/${scope.productPath}/insights/overlap/${made.id}` });
        return current === tmpId ? null : current;
      });
    });
  };

  return (
    <div className="overlap-page">
      <PageHeader title="Overlap">
        {list.isFetching && list.data ? <span role="status" className="insight-note">Refreshing…</span> : null}
      </PageHeader>
      {list.isError && !list.data ? <p role="alert" className="insight-error">{insightErrorMessage(list.error)}</p> : null}
      <div className="overlap-layout">
        <ComparisonList
          comparisons={comparisons}
          openId={openKey}
          loading={list.isPending}
          canCreate={may.create}
          canUpdate={may.update}
          canDelete={may.destroy}
          onOpen={(c) => go(c.id)}
          onNew={() => go(undefined)}
          onRename={(c, name) => {
            void updateComparison(context, c, { name }, `Rename comparison ${c.name}`);
            toast(OVERLAP_TEXT.renamed(name));
          }}
          onDelete={(c) => {
            void deleteComparison(context, c);
            toast(OVERLAP_TEXT.deleted(c.name));
            if (String(c.id) === String(openKey)) go(undefined);
          }}
        />
        <div className="overlap-main">
          {notFound ? <p role="alert" className="insight-error">{OVERLAP_TEXT.notFound}</p> : null}
          {!open && !notFound && !list.isPending && comparisons.length === 0 ? <p className="overlap-empty">{OVERLAP_TEXT.empty}</p> : null}
          <Workspace
            key={workspaceKey}
            scope={scope}
            context={context}
            open={open}
            may={may}
            onCreated={created}
            creating={pendingId !== null}
          />
        </div>
      </div>
    </div>
  );
}

interface WorkspaceProps {
  scope: ProductScope;
  context: string;
  open: ComparisonView | undefined;
  may: { create: boolean; update: boolean; destroy: boolean };
  onCreated(tmpId: string, queued: Promise<{ id: string }>): void;
  /** A comparison made here is on its way (not yet shown from the outbox): Compare makes no second one. */
  creating: boolean;
}

/** The picker and the open comparison's results; its picks start from the open comparison and go when another opens. */
function Workspace({ scope, context, open, may, onCreated, creating }: WorkspaceProps) {
  const queryClient = useQueryClient();
  const names = useMemberNames(context, scope.context.region?.slug ?? '', open);
  const [name, setName] = useState(open?.name ?? '');
  const [members, setMembers] = useState<PickedMember[]>(() => (open?.members ?? []).map((m) => ({ ...m, name: names(m) })));
  const [recounting, setRecounting] = useState(false);
  const numericId = typeof open?.id === 'number' ? open.id : undefined;

  const compare = () => {
    const picked = members.map(({ kind, id }) => ({ kind, id }));
    if (open) {
      const fields = { ...(name.trim() !== open.name ? { name } : {}), ...(sameMembers(picked, open.members) ? {} : { members: picked }) };
      if (Object.keys(fields).length === 0) return toast('Nothing changed.');
      void updateComparison(context, open, fields);
      return toast(OVERLAP_TEXT.updated(name.trim()));
    }
    if (creating) return;
    const { id, queued } = createComparison(context, name, picked);
    onCreated(id, queued);
    toast(OVERLAP_TEXT.saved(name.trim()));
  };

  const recount = () => {
    if (numericId === undefined) return;
    setRecounting(true);
    recountComparison(queryClient, context, numericId)
      .catch((error: unknown) => errorToast('Not recounted', insightErrorMessage(error)))
      .finally(() => setRecounting(false));
  };

  return (
    <>
      <MemberPicker
        context={context}
        region={scope.context.region?.slug ?? ''}
        name={name}
        members={members}
        onName={setName}
        onMembers={setMembers}
        onCompare={(open ? may.update : may.create) ? compare : undefined}
        editing={open?.name ?? null}
      />
      {open ? (
        <section className="overlap-results" aria-labelledby="overlap-results-title">
          <div className="overlap-results__head">
            <h2 id="overlap-results-title" className="overlap-section-title">{open.name}</h2>
            {open.result ? <span className="insight-note" data-testid="counted-at">as of {formatAsOf(Date.parse(open.result.counted_at))}</span> : null}
            {numericId !== undefined ? (
              <button type="button" className="button button--secondary" onClick={recount} disabled={recounting} aria-busy={recounting}>
                {recounting ? 'Counting…' : 'Recount'}
              </button>
            ) : null}
          </div>
          {open.error ? <p role="alert" className="insight-error">{open.error}</p> : null}
          {!open.result && !open.error ? <p role="status" className="insight-note">{OVERLAP_TEXT.notCounted}</p> : null}
          {open.result ? <Results key={open.result.counted_at} scope={scope} context={context} comparison={open} result={open.result} /> : null}
        </section>
      ) : null}
    </>
  );
}

/** Names of the members of a comparison: its last counts have them; the pickers' lists for one not counted yet. */
function useMemberNames(context: string, region: string, open: ComparisonView | undefined) {
  const queryClient = useQueryClient();
  return (m: { kind: PickedMember['kind']; id: number }): string => {
    const counted = open?.result?.members.find((r) => r.kind === m.kind && r.id === m.id);
    if (counted) return counted.name;
    if (m.kind === 'audience') return queryClient.getQueryData(pickableAudiencesQueryOptions(context).queryKey)?.find((a) => a.id === m.id)?.name ?? `Audience ${m.id}`;
    if (m.kind === 'persona') return queryClient.getQueryData(pickablePersonasQueryOptions(context).queryKey)?.find((p) => p.id === m.id)?.name ?? `Persona ${m.id}`;
    return queryClient.getQueryData(segmentCatalogueQueryOptions(context, region).queryKey)?.segments.find((s) => s.id === m.id)?.name ?? `Segment ${m.id}`;
  };
}

function Results({ scope, context, comparison, result }: { scope: ProductScope; context: string; comparison: ComparisonView; result: ComparisonResult }) {
  const [selected, setSelected] = useState<number | null>(null);
  const k = result.members.length;
  const bar = selected === null ? undefined : intersections(result).find((b) => b.mask === selected);
  return (
    <>
      <p className="insight-note">{result.people.toLocaleString('en-US')} people in the region.</p>
      <OverlapMatrix result={result} />
      <div className="overlap-charts">
        {k <= OVERLAP.vennMax ? <OverlapVenn result={result} selected={selected} onSelect={setSelected} /> : null}
        <OverlapUpSet result={result} selected={selected} onSelect={setSelected} />
        {k > OVERLAP.vennMax ? <p className="insight-note">A Venn is drawn for two or three members; the bars show every intersection of the four.</p> : null}
      </div>
      {bar ? <IntersectionPanel key={bar.mask} scope={scope} context={context} comparison={comparison} result={result} mask={bar.mask} words={describeIntersection(bar)} label={bar.label} /> : (
        <p className="insight-note">Pick a bar or a region of the Venn to save its people as an audience.</p>
      )}
    </>
  );
}

interface PanelProps {
  scope: ProductScope;
  context: string;
  comparison: ComparisonView;
  result: ComparisonResult;
  mask: number;
  words: string;
  label: string;
}

/** The selected intersection and "Save as audience": the builder opens with its rule, when it has one. */
function IntersectionPanel({ scope, context, comparison, result, mask, words, label }: PanelProps) {
  const router = useRouter();
  const members = result.members;
  const audiences = useQueries({ queries: members.map((m) => ({ ...audienceDetailQueryOptions(context, m.id), enabled: m.kind === 'audience' })) });
  // Each persona as it is now (its filters may have changed since the picker's list was read).
  const personas = useQueries({ queries: members.map((m) => ({ ...personaQueryOptions(context, m.id), enabled: m.kind === 'persona' })) });
  const loading = members.some((m, i) => (m.kind === 'audience' && audiences[i]!.isPending) || (m.kind === 'persona' && personas[i]!.isPending));
  const rules: MemberRule[] = members.map((m, i) => {
    if (m.kind === 'segment') return { name: m.name, rules: segmentRule(m.id) };
    if (m.kind === 'audience') return { name: m.name, rules: audiences[i]!.data?.rules ?? null };
    return { name: m.name, rules: personas[i]!.data?.identifiers ?? null };
  });
  const labels: Record<string, string> = {};
  members.forEach((m, i) => {
    if (m.kind === 'segment') labels[String(m.id)] = m.name;
    for (const s of [...(audiences[i]?.data?.segments ?? []), ...(personas[i]?.data?.segments ?? [])]) labels[String(s.id)] = s.path_parts.length > 0 ? s.path_parts.join(' > ') : s.name;
  });
  const outcome = loading ? null : intersectionRule(rules, mask);
  const mayCreate = can(scope.permissions, 'audiences', 'create');

  return (
    <section className="overlap-selection" aria-label="Selected intersection">
      <p><strong>{words}</strong></p>
      {loading ? <p role="status" className="insight-note">Reading the members’ rules…</p> : null}
      {outcome && 'reason' in outcome ? <p className="insight-note" role="status">{outcome.reason}</p> : null}
      {outcome && 'rules' in outcome ? (
        mayCreate ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => void router.navigate({ href: saveAsAudienceHref(scope.productPath, { rules: outcome.rules, labels, name: label, comparisonId: comparison.id }) })}
          >
            Save as audience
          </button>
        ) : <p className="insight-note">You may not create audiences.</p>
      ) : null}
    </section>
  );
}
