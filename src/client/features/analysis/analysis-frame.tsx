import '../../styles/insights.css';
import './analysis-frame.css';
import { createContext, useContext, useEffect, useState, type JSX, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { can } from '@shared/permissions';
import { ANALYSIS_TEXT } from '@shared/rules/analysis';
import { formatContext, slugsOf } from '@shared/rules/context';
import { GROW_TEXT } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { BlockableButton } from '../../components/blockable-button';
import { PageHeader } from '../../components/page-header';
import type { ProductScope } from '../../lib/guards';
import { handleApiError } from '../../lib/error-handling';
import { insightErrorMessage, isDataNotReady } from '../../lib/insights-queries';
import { isUnreachable } from '../../lib/offline/read-through';
import { errorToast } from '../../lib/ui-store';
import { AnalysisFilterBar } from './analysis-filter-bar';
import { analysisFilterStore, filtersIn, pageKeyOf, setPageFilters, withinFiltersText, type FilterGroups } from './analysis-filters';
import { dataThroughText } from './analysis-format';
import { analysisPageOf, saveAsAudienceHref } from './analysis-links';
import { analysisSegmentsQueryOptions } from './analysis-queries';
import type { SheetSpec } from './analysis-sheets';

/**
 * What every analysis page shares (issue 32): the title, "Data through", the segment filters and
 * the count within them, the loading, failure and no-data states, and the page's actions (save a
 * group as an audience, export a table). The pages put their figures inside.
 */

/** The X-Context string of a product scope (every analysis key's second element). */
export const contextOf = (scope: ProductScope) => formatContext(slugsOf(scope.context));

interface FrameInfo {
  scope: ProductScope;
  context: string;
  /** The page's path under the product ('insights/customer-value'), where the builder comes back to. */
  pageKey: string;
  title: string;
  /** Names of the segments the page's rules name (the page's own and the filters'), by id. */
  labels: Readonly<Record<string, string>>;
}

const FrameContext = createContext<FrameInfo | null>(null);

function useFrame(): FrameInfo {
  const frame = useContext(FrameContext);
  if (!frame) throw new Error('An analysis action is used outside AnalysisFrame.');
  return frame;
}

const usePageKey = (scope: ProductScope) => pageKeyOf(useRouterState({ select: (s) => s.location.pathname }), scope.productPath);

/**
 * The page's segment filters: held per page, for the context they were chosen in. Another
 * context (client, region, brand or product) starts with none (spec 3 §2.6).
 */
export function useAnalysisFilters(scope: ProductScope): [number[][], (f: number[][]) => void] {
  const context = contextOf(scope);
  const pageKey = usePageKey(scope);
  const { pages } = useSnapshot(analysisFilterStore);
  const entry = pages[pageKey] as { context: string; groups: FilterGroups } | undefined;
  const filters = filtersIn(entry, context);
  // Chosen in another context: gone for good, so coming back to that context starts with none too.
  const stale = entry !== undefined && entry.context !== context;
  useEffect(() => {
    if (stale) setPageFilters(pageKey, context, []);
  }, [stale, pageKey, context]);
  return [filters.map((g) => [...g]), (next) => setPageFilters(pageKey, context, next)];
}

interface FrameQuery {
  isPending: boolean;
  error: unknown;
  data?: { has_data: boolean; people: number; filtered_people: number; data_end: string };
  /** Asking again (a new filter or setting) while the last figures show. */
  isFetching?: boolean;
}

interface FrameProps {
  title: string;
  scope: ProductScope;
  filters: number[][];
  onFiltersChange(f: number[][]): void;
  query: FrameQuery;
  /** The page's settings (best customers' definition, attrition's window), beside the filters. */
  settings?: ReactNode;
  children: ReactNode;
}

/** Why a page has no figures to show, in place (the banner of spec 1 §8 is raised for the rest). */
function failureText(error: unknown): string {
  if (isDataNotReady(error)) return insightErrorMessage(error);
  if (isUnreachable(error)) return 'These figures have not been kept on this device. Open the page once while online, or use “Make available offline”.';
  return 'The figures could not be loaded.';
}

export function AnalysisFrame({ title, scope, filters, onFiltersChange, query, settings, children }: FrameProps): JSX.Element {
  const context = contextOf(scope);
  const pageKey = usePageKey(scope);
  const page = analysisPageOf(pageKey);
  const segments = useQuery({ ...analysisSegmentsQueryOptions(context, page ?? 'customer-value'), enabled: page !== null });
  const { names } = useSnapshot(analysisFilterStore);
  const labels: Record<string, string> = { ...names };
  for (const s of segments.data ?? []) labels[String(s.id)] = s.name;
  const { data, error } = query;

  // Spec 1 §8: a failed fetch raises the banner. Not for data still being prepared (asked again)
  // nor for no network (offline is not an error: the page says what it lacks).
  useEffect(() => {
    if (error && !isDataNotReady(error) && !isUnreachable(error)) handleApiError(error);
  }, [error]);

  const through = data ? dataThroughText(data.data_end) : null;
  const busy = query.isPending || query.isFetching === true;
  return (
    <FrameContext.Provider value={{ scope, context, pageKey, title, labels }}>
      <div className="page analysis-page" aria-busy={busy}>
        <PageHeader title={title}>
          {through ? <span className="analysis-through">{through}</span> : null}
        </PageHeader>
        <div className="analysis-toolbar">
          <AnalysisFilterBar context={context} region={scope.context.region?.slug ?? ''} filters={filters} onChange={onFiltersChange} />
          {settings ? <div className="analysis-settings">{settings}</div> : null}
        </div>
        <div className="analysis-status" aria-live="polite">
          {data && data.has_data ? <p className="analysis-count" data-testid="analysis-count">{withinFiltersText(data.filtered_people, data.people)}</p> : null}
          {busy && data ? <span role="status" className="analysis-updating">Updating…</span> : null}
        </div>
        {!data && query.isPending ? <p role="status" className="analysis-loading">Loading…</p> : null}
        {!data && !query.isPending && error ? <p role="alert" className="insight-error">{failureText(error)}</p> : null}
        {data && error && isDataNotReady(error) ? <p role="status" className="insight-note">{insightErrorMessage(error)}</p> : null}
        {data && !data.has_data ? <p className="empty-state analysis-empty">{ANALYSIS_TEXT.noBuyerData}</p> : null}
        {data && data.has_data ? children : null}
      </div>
    </FrameContext.Provider>
  );
}

/**
 * "Save as audience" of a group (a tier, the best customers): the one audience builder opens with
 * its rule (the page's filters ANDed on), as Grow's and Overlap's do, saves it through the outbox
 * and says so; it then comes back to this page, whose filters are kept.
 */
export function SaveAsAudienceButton({ rule, defaultName, label = 'Save as audience', of }: { rule: AudienceRules | null; defaultName: string; label?: string; of?: string }): JSX.Element | null {
  const router = useRouter();
  const frame = useFrame();
  // A group has no rule only when the brand has no buyer data: there is nothing to save.
  if (!rule) return null;
  const may = can(frame.scope.permissions, 'audiences', 'create');
  const open = () => void router.navigate({ href: saveAsAudienceHref(frame.scope.productPath, { rule, name: defaultName, labels: frame.labels, referer: frame.title, returnUrl: frame.pageKey }) });
  // `of` names the group for a screen reader where several buttons share a table ("Save as audience, Top tier").
  return (
    <BlockableButton block={may ? null : GROW_TEXT.saveAudienceNoCreate} onClick={open}>
      {label}
      {of ? <span className="visually-hidden">, {of}</span> : null}
    </BlockableButton>
  );
}

/**
 * A table as an .xlsx file through the shared styled writer, made in the page (offline too); the
 * writer loads on the first click. `sheets` may be a function, so the rows are made only then.
 */
export function ExportTableButton({ fileName, sheets, label = 'Export .xlsx' }: { fileName: string; sheets: readonly SheetSpec[] | (() => readonly SheetSpec[]); label?: string }): JSX.Element {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { downloadWorkbook } = await import('./analysis-workbook');
      downloadWorkbook(typeof sheets === 'function' ? sheets() : sheets, fileName);
    } catch (error) {
      errorToast('The workbook could not be made.', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost analysis-export" disabled={busy} aria-busy={busy} onClick={() => void run()}>
      {busy ? 'Exporting…' : label}
    </button>
  );
}
