// The builder is a route (and code-split chunk) of its own: its styles come with it.
import '../../styles/insights.css';
import '../../styles/builder.css';
import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBlocker, useRouter } from '@tanstack/react-router';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import { EXPLORE_TEXT } from '@shared/rules/explore';
import {
  addSegment, addValue, draftFromRules, draftToRules, sameRule, type RuleDraft, type SegmentTarget,
} from '@shared/rules/rule-edits';
import { hasNonSegments, type AudienceRules } from '@shared/schemas/audience-rules';
import type { Persona } from '@shared/schemas/explore';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { SegmentCatalogue } from '../../components/segment-catalogue/segment-catalogue';
import { categoriesQueryOptions } from '../../lib/insights-queries';
import { personaQueryOptions, personasQueryOptions } from '../../lib/persona-queries';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { enqueuePersonaCreate, enqueuePersonaUpdate, PERSONA_ENTITY } from '../../lib/persona-writes';
import { segmentCatalogueQueryOptions } from '../../lib/segment-catalogue-queries';
import { errorToast, successToast } from '../../lib/ui-store';
import { returnHref, returnLabel, type AudienceBuilderSearch } from './audience-builder-search';
import { segmentLabel } from './audience-rules-text';
import { BuilderSaveForm, type NameScope } from './builder-save-form';
import { BUILDER_TEXT, BUILDER_TITLES, saveBlock, saveKind, type BuilderRoute, type SaveGate } from './builder-mode';
import { requestMotivationAudience } from './motivation-request-commands';
import { RuleGroups } from './rule-groups';
import { RuleSummary } from './rule-summary';
import { saveAudience, type AudienceDraft } from './save-audience-commands';
import { createOptimizedAudience, OPTIMIZED_HIERARCHY, optimizedSeedQueryOptions, updateSavedAudience } from './saved-audience-writes';
import { isApiError } from '../../lib/api-error';
import { UnsavedChangesDialog } from '../../components/unsaved-changes-dialog';
import { useLiveCounts } from './use-live-counts';
import { ValuesPicker } from './values-picker';

export interface AudienceBuilderProps {
  route: BuilderRoute;
  search: AudienceBuilderSearch;
  /** The persona edited (explore builder with personaId) or requested from. */
  personaId?: number;
  /** The product scope ('client/region/brand/product'): the X-Context and the base of returnUrl. */
  productPath: string;
  /** The region's slug (catalogue counts). */
  region: string;
  can: SaveGate['can'];
}

/**
 * The one audience builder (issue 15) of audiences/builder, insights/explore/builder and
 * insights/motivation-audience/builder: a rule of include groups, excludes and value groups,
 * built from the catalogue, with live counts, saved as an audience, a persona or a motivation
 * request through the outbox.
 */
export function AudienceBuilder(props: AudienceBuilderProps) {
  const { search, personaId, productPath } = props;
  const kind = saveKind(props.route, search.action, personaId);
  const persona = useQuery({ ...personaQueryOptions(productPath, personaId ?? 0), enabled: personaId !== undefined });
  // "Build an Optimized Audience" starts from the product category's buyers, unless a rule is given.
  const optimized = kind === 'audience' && search.set_hierarchy === OPTIMIZED_HIERARCHY && !search.rules && search.audienceId === undefined;
  const seedQuery = useQuery({ ...optimizedSeedQueryOptions(productPath), enabled: optimized });
  // The seed offered is what the user may build an audience from (data permission create_audience_single).
  const seedCatalogue = useQuery({ ...segmentCatalogueQueryOptions(productPath, props.region), enabled: optimized });
  const seedData = useMemo(() => allowedSeed(seedQuery.data, seedCatalogue.data?.segments), [seedQuery.data, seedCatalogue.data]);
  const seed = { isPending: seedQuery.isPending || (seedCatalogue.isPending && !seedCatalogue.isError), isError: seedQuery.isError, data: seedData };
  const back = returnHref(productPath, search.returnUrl);
  const title = kind === 'audience' && search.audienceId !== undefined ? 'Edit Audience'
    : kind === 'audience' && search.set_hierarchy === OPTIMIZED_HIERARCHY ? 'Build an Optimized Audience' : BUILDER_TITLES[kind];
  const header = (
    <>
      <PageHeader title={title} />
      {search.referer === 'Grow' ? <p className="audience-builder__subtitle">{BUILDER_TEXT.growSubtitle}</p> : null}
      {optimized && seed.data?.rules ? <p className="audience-builder__subtitle">Seeded by the {seed.data.category} buyers: the lookalike finds more people like them.</p> : null}
      {optimized && (seed.isError || (seed.data && !seed.data.rules)) ? <p className="audience-builder__subtitle">This region has no category buyers to seed it: choose the seed audience’s segments.</p> : null}
    </>
  );
  if (optimized && seed.isPending) {
    return (
      <div className="page audience-builder">
        {header}
        <p role="status">Loading</p>
      </div>
    );
  }
  // A persona named is waited for (its filters are the rule to start from); one that cannot be read is said so.
  if (personaId !== undefined && !persona.data) {
    return (
      <div className="page audience-builder">
        {header}
        {persona.isError ? (
          <div className="audience-builder__notice" role="alert">
            <p>This persona could not be loaded.</p>
            <AppLink to={back}>{returnLabel(search.returnUrl)}</AppLink>
          </div>
        ) : <p role="status">Loading</p>}
      </div>
    );
  }
  if (kind === 'audience' && search.referer === 'Grow' && !search.rules) {
    return (
      <div className="page audience-builder">
        {header}
        <div className="audience-builder__notice" role="alert">
          <p>{BUILDER_TEXT.nothingToSave}</p>
          <AppLink to={back}>{returnLabel(search.returnUrl)}</AppLink>
        </div>
      </div>
    );
  }
  return (
    <div className="page audience-builder">
      {header}
      <BuilderWorkspace {...props} kind={kind} title={title} back={back} persona={persona.data ?? null} seed={optimized ? seed.data ?? null : null} />
    </div>
  );
}

type OptimizedSeed = { category: string; rules: AudienceRules | null; segments: { id: number; name: string }[] };

/** The optimized audience's seed without the segments the catalogue says may not make an audience. */
function allowedSeed(seed: OptimizedSeed | undefined, catalogue: readonly { id: number; create_audience_single: boolean }[] | undefined): OptimizedSeed | undefined {
  if (!seed?.rules || !catalogue) return seed;
  const refused = new Set(catalogue.filter((s) => !s.create_audience_single).map((s) => s.id));
  const and = seed.rules.include.and.map((g) => g.filter((id) => !refused.has(id))).filter((g) => g.length > 0);
  return { ...seed, rules: and.length > 0 ? { ...seed.rules, include: { and } } : null, segments: seed.segments.filter((s) => !refused.has(s.id)) };
}

interface WorkspaceProps extends AudienceBuilderProps {
  kind: ReturnType<typeof saveKind>;
  title: string;
  back: string;
  persona: Persona | null;
  /** The optimized audience's seed to start from. */
  seed: { rules: AudienceRules | null; segments: { id: number; name: string }[] } | null;
}

function BuilderWorkspace({ search, productPath, region, can, kind, title, back, persona, seed }: WorkspaceProps) {
  const router = useRouter();
  const start = useMemo<RuleDraft>(() => {
    const drop = [...(search.removeSegmentIds ?? []), ...(persona?.deleted_segment_ids ?? [])];
    return draftFromRules(search.rules ?? seed?.rules ?? persona?.identifiers ?? null, drop);
  }, [search.rules, search.removeSegmentIds, persona, seed]);
  const startName = search.name ?? (kind === 'persona-edit' ? persona?.name : undefined) ?? '';
  const [draft, setDraft] = useState<RuleDraft>(start);
  const [text, setText] = useState<AudienceDraft>({ name: startName, description: '' });
  const [addTo, setAddTo] = useState<string>('0');
  const saved = useRef(false);
  // One object per draft: the live counts follow it by identity.
  const rules = useMemo(() => draftToRules(draft), [draft]);
  const live = useLiveCounts(productPath, rules);

  const catalogue = useQuery(segmentCatalogueQueryOptions(productPath, region));
  const categories = useQuery(categoriesQueryOptions(productPath));
  const segmentsById = useMemo(() => new Map((catalogue.data?.segments ?? []).map((s) => [s.id, s])), [catalogue.data]);
  // Names: the catalogue's paths, else what the opener or the persona said.
  const labels = useMemo(() => {
    const out: Record<string, string> = { ...(search.labels ?? {}) };
    for (const s of seed?.segments ?? []) out[String(s.id)] ??= s.name;
    for (const s of persona?.segments ?? []) out[String(s.id)] ??= s.path_parts.join(' > ') || s.name;
    for (const s of segmentsById.values()) out[String(s.id)] ??= s.path_parts.join(' > ') || s.name;
    return out;
  }, [search.labels, persona, segmentsById, seed]);
  const valueLabels = useMemo(() => {
    const out: Record<string, string> = {};
    for (const v of persona?.values ?? []) out[String(v.id)] = `${v.category}: ${v.name}`;
    for (const c of categories.data ?? []) for (const v of c.values) out[String(v.id)] = `${c.name}: ${v.name}`;
    return out;
  }, [persona, categories.data]);

  const chosen = useMemo(() => new Set([...draft.include.flat(), ...draft.exclude]), [draft]);
  const chosenValues = useMemo(() => new Set(draft.values.flat()), [draft]);
  const refused = draft.include.flat().filter((id) => segmentsById.get(id)?.create_audience_single === false).map((id) => segmentLabel(id, labels));
  const block = saveBlock({ kind, hasRule: rules !== null, hasNonSegments: rules ? hasNonSegments(rules) : false, can, refusedSegments: refused });
  const dirty = (!sameRule(draft, start) || text.name !== startName || text.description.trim() !== '');
  const blocker = useBlocker({ shouldBlockFn: () => dirty && !saved.current, enableBeforeUnload: () => dirty && !saved.current, withResolver: true });

  const names = usePersonaNames(productPath, kind, persona);
  const addTarget = (): SegmentTarget => (addTo === 'exclude' || addTo === 'new' ? addTo : Number(addTo));
  const save = async (): Promise<boolean> => {
    if (!rules) return false;
    try {
      if (kind === 'audience' && search.audienceId !== undefined && search.audienceVersion !== undefined) {
        await updateSavedAudience(productPath, search.audienceId, search.audienceVersion, text, rules);
        successToast(AUDIENCE_TEXT.saved);
      } else if (kind === 'audience' && search.set_hierarchy === OPTIMIZED_HIERARCHY) {
        const made = await createOptimizedAudience(productPath, text.name, rules);
        successToast(`Building optimized audience '${made.name}'.`);
      } else if (kind === 'audience') {
        await saveAudience(productPath, text, rules, search.referer);
        successToast(AUDIENCE_TEXT.saved);
      } else if (kind === 'motivation') {
        await requestMotivationAudience(productPath, text.name, text.description, rules);
        successToast(EXPLORE_TEXT.motivationRequested);
      } else if (kind === 'persona-edit' && persona) {
        await enqueuePersonaUpdate(productPath, persona, { name: text.name, identifiers: rules });
        successToast(EXPLORE_TEXT.saved);
      } else {
        await enqueuePersonaCreate(productPath, text.name, rules).queued;
        successToast(EXPLORE_TEXT.created);
      }
    } catch (error) {
      // A direct save's refusal is the server's to say; the outbox has told the user the device
      // could not store a queued one. The builder keeps what was built.
      if (isApiError(error) || error instanceof TypeError) errorToast(isApiError(error) ? error.message : 'The server could not be reached. Try again when the network is back.');
      return false;
    }
    saved.current = true;
    void router.navigate({ href: back });
    return true;
  };

  return (
    <div className="audience-builder__layout">
      <div className="audience-builder__pickers">
        <SegmentCatalogue context={productPath} region={region} chosen={chosen} onPick={(s) => setDraft((d) => addSegment(d, s.id, addTarget()))}>
          <div className="field">
            <label htmlFor="builder-add-to">Add segments to</label>
            <select id="builder-add-to" value={addTo} onChange={(e) => setAddTo(e.target.value)}>
              {draft.include.map((_, i) => <option key={i} value={String(i)}>Group {i + 1}</option>)}
              <option value="new">New group</option>
              <option value="exclude">Exclude</option>
            </select>
          </div>
        </SegmentCatalogue>
        <ValuesPicker context={productPath} chosen={chosenValues} groups={draft.values.length} warning={kind === 'audience' && draft.values.length > 0 ? BUILDER_TEXT.nonSegments : null}
          onAdd={(v, group) => setDraft((d) => addValue(d, v.id, group))} />
      </div>
      <div className="audience-builder__rule">
        <RuleGroups draft={draft} onChange={setDraft} labels={labels} valueLabels={valueLabels}
          groupCounts={live.stale && !live.needsConnection ? { include: [], values: [], exclude: undefined } : { include: live.counts?.include ?? [], values: live.counts?.values ?? [], exclude: live.counts?.exclude }} />
        <BuilderSaveForm kind={kind} title={title} draft={text} onDraft={setText} block={block} onSave={save} onCancel={() => void router.navigate({ href: back })} names={names}>
          <RuleSummary rules={rules} labels={labels} valueLabels={valueLabels} live={live} />
        </BuilderSaveForm>
      </div>
      {blocker.status === 'blocked' ? <UnsavedChangesDialog onDiscard={() => blocker.proceed()} onStay={() => blocker.reset()} /> : null}
    </div>
  );
}

/**
 * The names a persona saved from the builder must not repeat: the product's personas, with the
 * ones queued on this device (issue 27: a taken name is said in the builder, not after it closed).
 * Offline with no copy of the list, the server is the judge, and a refusal keeps the persona's rules.
 */
function usePersonaNames(productPath: string, kind: ReturnType<typeof saveKind>, persona: Persona | null): NameScope {
  const isPersona = kind === 'persona-create' || kind === 'persona-edit';
  // A list it cannot read (offline, never opened) is no error of the builder's: the server judges the name.
  const list = useWithOutbox(PERSONA_ENTITY, useQuery({ ...personasQueryOptions(productPath), enabled: isPersona, meta: { handlesErrors: true } }).data);
  return useMemo(() => ({
    // A persona queued here has a temporary id: it is never the one edited.
    others: (list ?? []).map((p) => ({ id: typeof p.id === 'number' ? p.id : -1, name: p.name })),
    ownId: kind === 'persona-edit' && persona ? persona.id : null,
  }), [list, kind, persona]);
}
