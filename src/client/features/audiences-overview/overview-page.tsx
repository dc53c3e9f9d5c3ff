import './audiences.css';
import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { DropdownMenu } from 'radix-ui';
import { can } from '@shared/permissions';
import { AUDIENCE_KIND_LABELS, AUDIENCE_LIST } from '@shared/rules/audience-kinds';
import { formatAsOf, formatShortDate } from '@shared/rules/format';
import type { AudienceKind, AudienceListQuery, AudienceSummary } from '@shared/schemas/audiences';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { SortableHead } from '../../components/sortable-head';
import type { ProductScope } from '../../lib/guards';
import { insightErrorMessage } from '../../lib/insights-queries';
import { keptSince } from '../../lib/offline/last-good';
import { isUnreachable } from '../../lib/offline/read-through';
import { AudienceLineageDialog } from './audience-details-dialog';
import { audienceListQueryOptions, KIND_FILTERS } from './audiences-queries';
import { DeleteAudienceDialog } from './delete-audience-dialog';
import { audienceHref } from './lineage';
import { PeopleCount } from './people-count';

type Sort = (typeof AUDIENCE_LIST.sorts)[number];
const isSort = (id: string): id is Sort => (AUDIENCE_LIST.sorts as readonly string[]).includes(id);

const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, AudienceSummary>();
const columns = helper.columns([
  helper.accessor('name', { id: 'name', header: 'Name' }),
  helper.accessor('kind', { id: 'kind', header: 'Type' }),
  helper.accessor('people_count', { id: 'people_count', header: 'People Count' }),
  helper.accessor('created_at', { id: 'created_at', header: 'Created' }),
  helper.accessor((a) => a.created_by?.name ?? '', { id: 'created_by', header: 'Created By' }),
  helper.display({ id: 'actions', header: 'Actions', enableSorting: false }),
]);

/** The search box asks the server once typing pauses. */
const SEARCH_PAUSE_MS = 300;

interface Props {
  scope: ProductScope;
  context: string;
  /** The list asked for (from the address bar). */
  query: AudienceListQuery;
  /** Asks for another list (puts it in the address bar). */
  onQuery: (query: AudienceListQuery) => void;
}

/**
 * Audiences > Overview (issue 16): the context's audiences, lookalikes, optimized, outcome,
 * motivation and shared audiences, searched, sorted, filtered by type and paged by the server.
 */
export function AudiencesOverviewPage({ scope, context, query, onQuery }: Props) {
  const { productPath, permissions } = scope;
  const [search, setSearch] = useState(query.search);
  const [deleting, setDeleting] = useState<AudienceSummary | null>(null);
  const [details, setDetails] = useState<AudienceSummary | null>(null);
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /**
   * Another list: with the search as typed, and the typed search's pending request dropped (it
   * holds the list as it was, and would undo this change if it fired before the address moved).
   */
  const setQuery = (next: (q: AudienceListQuery) => AudienceListQuery) => {
    clearTimeout(searchTimer.current);
    onQuery(next(search === query.search ? query : { ...query, search, page: 1 }));
  };
  useEffect(() => {
    if (search === query.search) return;
    searchTimer.current = setTimeout(() => onQuery({ ...query, search, page: 1 }), SEARCH_PAUSE_MS);
    return () => clearTimeout(searchTimer.current);
  }, [search, query, onQuery]);

  const list = useQuery({ ...audienceListQueryOptions(context, query), placeholderData: keepPreviousData });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.page_size));
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }];
  const table = useTable({
    features, columns, data: rows,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      // A third click on a column would clear the sort: the server always sorts, so it turns around instead.
      const sort = first && isSort(first.id) ? first.id : query.sort;
      const dir = first ? (first.desc ? 'desc' : 'asc') : query.dir === 'asc' ? 'desc' : 'asc';
      setQuery((q) => ({ ...q, sort, dir, page: 1 }));
    },
  });
  const canDestroy = can(permissions, 'audiences', 'destroy');
  const asOf = keptSince(list);
  const filtered = query.search.trim() !== '' || query.kind !== undefined;

  return (
    <div className="page audiences-page">
      <PageHeader title="Audiences">
        {list.isFetching && !list.isPending ? <span role="status" aria-live="polite" className="audience-asof">Updating…</span> : null}
      </PageHeader>
      <div className="audiences-toolbar">
        <div className="field field--inline">
          <label htmlFor="audience-search">Search</label>
          <input id="audience-search" type="search" value={search} placeholder="Search by name" onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="field field--inline">
          <label htmlFor="audience-kind">Type</label>
          <select
            id="audience-kind" value={query.kind ?? ''}
            onChange={(e) => setQuery((q) => ({ ...q, kind: (KIND_FILTERS as readonly string[]).includes(e.target.value) ? (e.target.value as AudienceKind) : undefined, page: 1 }))}
          >
            <option value="">All types</option>
            {KIND_FILTERS.map((k) => <option key={k} value={k}>{AUDIENCE_KIND_LABELS[k]}</option>)}
          </select>
        </div>
        {asOf !== null ? <p className="audience-asof" role="status">Offline: the list as of {formatAsOf(asOf)}</p> : null}
      </div>
      {list.isError && !list.data ? (
        <p role="alert" className="insight-error">
          {isUnreachable(list.error) ? 'The server could not be reached, and this list has not been kept on this device. It shows once the network is back.' : insightErrorMessage(list.error)}
        </p>
      ) : null}
      <table className="data-table audiences-table" aria-busy={list.isFetching}>
        <SortableHead table={table} />
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={columns.length}>{list.isPending ? 'Loading…' : filtered ? 'No audiences match.' : 'No audiences yet.'}</td></tr>
          ) : table.getRowModel().rows.map((row) => {
            const a = row.original;
            return (
              <tr key={row.id} data-read-only={a.read_only || undefined}>
                <td>
                  <AppLink to={audienceHref(productPath, a)}>{a.name}</AppLink>
                  {a.read_only ? <span className="audience-tag" title={a.shared_from ? `Shared from ${a.shared_from}` : undefined}>Read-only</span> : null}
                  {a.shared_from ? <div className="subtitle">From {a.shared_from}</div> : null}
                </td>
                <td>{AUDIENCE_KIND_LABELS[a.kind]}</td>
                <td className="numeric"><PeopleCount audience={a} /></td>
                <td>{formatShortDate(a.created_at)}</td>
                <td>{a.created_by?.name ?? '-'}</td>
                <td className="row-actions">
                  <DropdownMenu.Root>
                    <DropdownMenu.Trigger className="button button--ghost" aria-label={`Actions for ${a.name}`}>⋯</DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content className="menu" align="end">
                        <DropdownMenu.Item className="menu__item" onSelect={() => setDetails(a)}>Audience details</DropdownMenu.Item>
                        {canDestroy ? (
                          <DropdownMenu.Item className="menu__item" onSelect={() => setDeleting(a)}>Delete</DropdownMenu.Item>
                        ) : null}
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 || query.page > 1 ? (
        <nav className="pager" aria-label="Audience pages">
          <button type="button" className="button button--secondary" disabled={query.page <= 1} onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}>Previous</button>
          <span>Page {query.page} of {pages}</span>
          <button type="button" className="button button--secondary" disabled={query.page >= pages} onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}>Next</button>
        </nav>
      ) : null}
      <p className="audience-asof">{total.toLocaleString()} {total === 1 ? 'audience' : 'audiences'}</p>
      {deleting ? (
        <DeleteAudienceDialog context={context} audience={deleting} onDeleted={() => setDeleting(null)} onClose={() => setDeleting(null)} />
      ) : null}
      {details ? <AudienceLineageDialog context={context} productPath={productPath} audience={details} onClose={() => setDetails(null)} /> : null}
    </div>
  );
}
