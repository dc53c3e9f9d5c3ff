import '../../styles/insights.css';
import './explore.css';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { can } from '@shared/permissions';
import { formatContext, slugsOf } from '@shared/rules/context';
import { copyName, EXPLORE_LIMITS, EXPLORE_TEXT, showMatchedCount, type ExploreGate } from '@shared/rules/explore';
import { formatCount } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { CountTypeIcon } from '../../components/count-type-icon';
import { PersonLevel } from '../../components/insights/person-level';
import { PageHeader } from '../../components/page-header';
import { BUILD_TIER, type ProductScope } from '../../lib/guards';
import { openIndexReportForm } from '../../lib/index-report-form-store';
import { audienceCountQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { forgetMadePersona, madePersona } from '../../lib/persona-writes';
import { successToast } from '../../lib/ui-store';
import { ALREADY_DEFAULT, ExploreActionBar, type ExploreBarAction } from './explore-action-bar';
import { DeletePersonaDialog, InvalidPersonaDialog } from './explore-dialogs';
import {
  builderHref, choosePersona, effectiveRules, everySegmentAllowsAudience, filterChips, filtersHaveNonSegments, isInvalid, NO_FILTER_CHANGES, segmentLabels,
  type AddedValue, type FilterChip, type FilterState,
} from './explore-model';
import { customWidgetsQueryOptions, exploreTabsQueryOptions, personaQueryOptions, personasQueryOptions } from './explore-queries';
import { FilterChips } from './filter-chips';
import { MarketLevel } from './market-level';
import { copyPersona, deletePersona, makeDefaultPersona, PERSONA_ENTITY } from './persona-commands';
import type { PersonaSummaryView, PersonaView, WidgetView } from './persona-edits';
import { sortPersonas } from './persona-edits';
import { WIDGET_ENTITY } from './widget-commands';
import { PersonaPicker } from './persona-picker';

interface Props {
  scope: ProductScope;
  personaId: number | undefined;
}

export const contextOf = (scope: ProductScope) => formatContext(slugsOf(scope.context));
const toast = (title: string) => successToast(title, undefined, EXPLORE_LIMITS.toastMs);
const EVERYONE_REPORT = 'Choose a persona or add a filter: an index report compares an audience with everyone.';

/** Explore (spec 3 §2.1, §4): the persona dropdown and its actions, the filter bar, and the persona's Person and Market Level insights. */
export function ExplorePage({ scope, personaId }: Props) {
  const router = useRouter();
  const context = contextOf(scope);
  const list = useQuery(personasQueryOptions(context));
  const personas = sortPersonas(useWithOutbox<PersonaSummaryView[]>(PERSONA_ENTITY, list.data) ?? []);
  const { made } = useSnapshot(madePersona);
  const madeHere = made?.context === context ? made.id : undefined;
  const current = choosePersona(personas, personaId, madeHere);
  const open = (id: number | string | undefined, replace = false) =>
    void router.navigate({ href: `/${scope.productPath}/insights/explore${id === undefined ? '' : `/${id}`}`, replace });
  // The persona just made, once the server has named it, becomes the address (and is then forgotten).
  useEffect(() => {
    if (personaId !== undefined || typeof madeHere !== 'number' || !personas.some((p) => p.id === madeHere)) return;
    forgetMadePersona();
    open(madeHere, true);
  });

  return (
    <div className="explore-page">
      <PageHeader title="Explore">
        {list.isPending ? <span role="status" aria-live="polite">Loading…</span> : null}
      </PageHeader>
      {list.isError && !list.data ? <p role="alert" className="insight-error">{insightErrorMessage(list.error)}</p> : null}
      <div className="explore-bar">
        <PersonaPicker personas={personas} current={current} onSelect={(p) => {
          forgetMadePersona();
          open(p.id);
        }} />
      </div>
      {current ? <PersonaArea key={String(current.id)} scope={scope} context={context} summary={current} personas={personas} open={open} /> : null}
    </div>
  );
}

interface AreaProps {
  scope: ProductScope;
  context: string;
  summary: PersonaSummaryView;
  personas: readonly PersonaSummaryView[];
  open: (id: number | string | undefined) => void;
}

/** One persona on view; its filter changes live here and go when another persona is picked. */
function PersonaArea({ scope, context, summary, personas, open }: AreaProps) {
  const router = useRouter();
  const numericId = typeof summary.id === 'number' ? summary.id : undefined;
  const detail = useQuery({ ...personaQueryOptions(context, numericId ?? 0), enabled: numericId !== undefined });
  const persona = useWithOutbox<PersonaView>(PERSONA_ENTITY, detail.data);
  const widgetsQuery = useQuery({ ...customWidgetsQueryOptions(context, numericId ?? 0), enabled: numericId !== undefined });
  const widgets = useWithOutbox<WidgetView[]>(WIDGET_ENTITY, widgetsQuery.data) ?? [];
  const tabsConfig = useQuery(exploreTabsQueryOptions(context));
  const levels = {
    person: tabsConfig.data?.find((t) => t.name === 'Person Level')?.visible ?? true,
    market: tabsConfig.data?.find((t) => t.name === 'Market Level')?.visible ?? true,
  };
  const [level, setLevel] = useState<'person' | 'market'>('person');
  const shownLevel = levels[level] ? level : levels.person ? 'person' : 'market';
  const [filters, setFilters] = useState<FilterState>(NO_FILTER_CHANGES);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const perms = scope.permissions;
  const may = {
    exploreCreate: can(perms, 'explore', 'create'),
    exploreUpdate: can(perms, 'explore', 'update'),
    exploreDestroy: can(perms, 'explore', 'destroy'),
    audiencesCreate: can(perms, 'audiences', 'create'),
    motivationCreate: can(perms, 'request_motivation_audiences', 'create'),
    indexReportCreate: can(perms, 'index_report', 'create'),
  };
  const readOnly = !may.exploreCreate && !may.exploreUpdate && !may.exploreDestroy;
  const view = persona ?? { ...summary, segments: [], values: [] };
  const rules = effectiveRules(view.identifiers, filters);
  const chips = filterChips(view, filters);
  const filtersEmpty = rules === null;
  const invalid = isInvalid(summary);
  const tab = shownLevel === 'person' ? 'person_level' : 'market_level';
  const gate: ExploreGate = {
    persona: { isAllData: summary.is_all_data, deletedSegmentIds: summary.deleted_segments_checked ? summary.deleted_segment_ids : [] },
    filtersHaveNonSegments: filtersHaveNonSegments(rules),
    filtersEmpty,
    everySegmentAllowsAudience: everySegmentAllowsAudience(view, rules),
    tab,
    lite: scope.context.client.lite,
    tier: BUILD_TIER,
    can: may,
  };
  const target = { id: summary.id, version: summary.version, name: summary.name, default: summary.default, icon: summary.icon, identifiers: summary.identifiers };
  const allData = personas.find((p) => p.is_all_data);
  const go = (href: string) => void router.navigate({ href });
  const labels = segmentLabels(view);
  const changed = filters.removed.length > 0 || filters.added.length > 0;

  const remove = () => {
    void deletePersona(context, target);
    toast(EXPLORE_TEXT.deleted);
    setConfirmDelete(false);
    open(allData?.id);
  };

  const act = (action: ExploreBarAction) => {
    switch (action) {
      case 'create':
        return go(builderHref(scope.productPath, changed && rules ? { builder: 'persona', action: 'savePersona', rules, labels } : { builder: 'persona', action: 'create' }));
      case 'edit':
        return go(builderHref(scope.productPath, { builder: 'persona', action: 'edit', personaId: numericId, ...(changed ? { rules, labels } : {}) }));
      case 'copy': {
        const name = copyName(summary.name, personas.map((p) => p.name));
        void copyPersona(context, target, name).queued;
        return toast(EXPLORE_TEXT.copied);
      }
      case 'delete':
        return setConfirmDelete(true);
      case 'convert':
        return go(builderHref(scope.productPath, { builder: 'audience', action: 'savePersona', personaId: numericId, rules, labels, name: summary.name }));
      case 'motivation':
        return go(builderHref(scope.productPath, { builder: 'motivation', action: 'requestMotivationAudience', personaId: numericId, rules, labels, name: summary.name }));
      case 'makeDefault':
        void makeDefaultPersona(context, target);
        return toast(EXPLORE_TEXT.madeDefault);
      case 'indexReport':
        if (!rules) return;
        return openIndexReportForm({ context, audience: { name: summary.name, rules, labels }, bases: [], tab, origin: `Explore: ${summary.name}` });
    }
  };

  const addValue = (value: AddedValue) => setFilters((f) => ({ removed: f.removed.filter((k) => k !== `value:${value.id}`), added: f.added.some((v) => v.id === value.id) ? f.added : [...f.added, value] }));
  const removeChip = (chip: FilterChip) =>
    setFilters((f) => (chip.added ? { ...f, added: f.added.filter((v) => v.id !== chip.id) } : { ...f, removed: [...f.removed, chip.key] }));

  return (
    <>
      <ExploreActionBar
        gate={gate}
        readOnly={readOnly}
        makeDefaultBlock={!may.exploreUpdate ? EXPLORE_TEXT.noUpdate : summary.default ? ALREADY_DEFAULT : null}
        extraBlocks={{ indexReport: rules === null && !invalid ? EVERYONE_REPORT : null }}
        onAction={act}
      />
      {summary.pending ? <p className="insight-note" role="status">Pending sync</p> : null}
      <FilterChips chips={chips} changed={changed} onRemove={removeChip} onReset={() => setFilters(NO_FILTER_CHANGES)} />
      {invalid ? (
        <InvalidPersonaDialog
          count={summary.deleted_segment_ids.length}
          canEdit={may.exploreUpdate}
          canDelete={may.exploreDestroy}
          onEdit={() => go(builderHref(scope.productPath, { builder: 'persona', action: 'edit', personaId: numericId, removeSegmentIds: summary.deleted_segment_ids }))}
          onDelete={remove}
          onClose={() => open(allData?.id)}
        />
      ) : (
        <Tabs.Root value={shownLevel} onValueChange={(v) => (v === 'person' || v === 'market' ? setLevel(v) : undefined)}>
          <Tabs.List className="tabs__list" aria-label="Insights level">
            {levels.person ? <Tabs.Trigger className="tabs__trigger" value="person">Person Level</Tabs.Trigger> : null}
            {levels.market ? <Tabs.Trigger className="tabs__trigger" value="market">Market Level</Tabs.Trigger> : null}
          </Tabs.List>
          {levels.person ? (
            <Tabs.Content value="person" className="explore-level">
              <PersonLevel
                area="explore"
                context={context}
                rules={rules}
                countType="people_count"
                tv={null}
                summary={rules && showMatchedCount(tab, { isAllData: summary.is_all_data }, filtersEmpty) ? <MatchedCount context={context} rules={rules} /> : null}
                onValueClick={addValue}
              />
            </Tabs.Content>
          ) : null}
          {levels.market && numericId !== undefined ? (
            <Tabs.Content value="market" className="explore-level">
              <MarketLevel context={context} personaId={numericId} widgets={widgets} canEdit={may.exploreUpdate} loading={widgetsQuery.isPending} />
            </Tabs.Content>
          ) : null}
        </Tabs.Root>
      )}
      {confirmDelete ? <DeletePersonaDialog name={summary.name} onConfirm={remove} onClose={() => setConfirmDelete(false)} /> : null}
    </>
  );
}

/** The persona's matched people (spec 3 §2.1), with the people icon. */
function MatchedCount({ context, rules }: { context: string; rules: AudienceRules }) {
  const count = useQuery(audienceCountQueryOptions(context, rules));
  return (
    <p className="explore-count" aria-live="polite" aria-busy={count.isPending}>
      <CountTypeIcon countType="people_count" /> Matched: <strong data-testid="matched-count">{count.data !== undefined ? formatCount(count.data) : count.isError ? '—' : '…'}</strong>
      {count.isError ? <span className="insight-note"> {insightErrorMessage(count.error)}</span> : null}
    </p>
  );
}
