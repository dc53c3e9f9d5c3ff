import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  createColumnHelper, useTable,
  type SortingState,
} from '@tanstack/react-table';
import { HOME_AUDIENCE_LIMITS, TEXT, type HomeAudienceLimit } from '@shared/constants';
import { formatShortDate } from '@shared/rules/format';
import { audienceSubtitle, type HomeEntity } from '@shared/schemas/home';
import { AppLink } from '../../components/app-link';
import { SortableHead, sortableFeatures, type SortableFeatures } from '../../components/sortable-head';
import { homeEntitiesQueryOptions } from './home-entities-query';

const helper = createColumnHelper<SortableFeatures, HomeEntity>();
const columns = helper.columns([
  helper.accessor('name', { header: 'Name', sortFn: 'alphanumeric' }),
  helper.accessor((row) => row.count.people.global ?? 0, { id: 'people', header: 'People Count', sortFn: 'basic' }),
  helper.accessor('created_at', { header: 'Created', sortFn: 'basic' }),
]);
const EMPTY: HomeEntity[] = [];

/** The Audiences tab: latest audiences and lookalikes, Last 5 or Last 10, sortable. */
export function AudiencesTable({ productPath }: { productPath: string | null }) {
  const [limit, setLimit] = useState<HomeAudienceLimit>(5);
  const [sorting, setSorting] = useState<SortingState>([]);
  const query = useQuery({ ...homeEntitiesQueryOptions(productPath ?? '', limit), enabled: productPath !== null });
  const table = useTable({ features: sortableFeatures, columns, data: query.data ?? EMPTY, state: { sorting }, onSortingChange: setSorting });
  const rows = table.getRowModel().rows;

  return (
    <div className="audiences-table">
      <div className="toolbar">
        <label htmlFor="audience-limit">Show</label>
        <select id="audience-limit" value={limit} onChange={(e) => setLimit(Number(e.target.value) === 10 ? 10 : 5)}>
          {HOME_AUDIENCE_LIMITS.map((n) => (
            <option key={n} value={n}>Last {n}</option>
          ))}
        </select>
        {productPath ? (
          <AppLink to={`/${productPath}/audiences/overview`} className="button button--secondary">
            Go to Audiences
          </AppLink>
        ) : null}
      </div>
      <table className="data-table">
        <SortableHead table={table} />
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>{query.isPending && productPath ? 'Loading…' : TEXT.dataUnavailable}</td>
            </tr>
          ) : (
            rows.map((row) => {
              const e = row.original;
              return (
                <tr key={row.id}>
                  <td>
                    <AppLink to={`/${productPath}/audiences/overview/${e.type.toLowerCase()}/${e.id}`}>{e.name}</AppLink>
                    <div className="subtitle">{audienceSubtitle(e)}</div>
                  </td>
                  <td>{e.count.people.global === null ? <span title="Not counted yet">–</span> : e.count.people.global.toLocaleString()}</td>
                  <td>{formatShortDate(e.created_at)}</td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
