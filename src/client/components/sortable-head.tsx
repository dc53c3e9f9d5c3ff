import {
  createSortedRowModel, rowSortingFeature, sortFn_alphanumeric, sortFn_basic, tableFeatures,
  type ReactTable, type RowData, type TableFeatures,
} from '@tanstack/react-table';

/** The feature set of a table sorted in the browser: sortable columns, alphanumeric or basic. */
export const sortableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
export type SortableFeatures = typeof sortableFeatures;

type WithSorting = TableFeatures & { rowSortingFeature: typeof rowSortingFeature };

/**
 * A table's header row: each sortable column a button whose order is announced (aria-sort), the
 * others plain; `actions` adds a last, unlabelled-for-sight column for the row's actions.
 */
export function SortableHead<F extends WithSorting, T extends RowData>({ table, actions }: { table: ReactTable<F, T>; actions?: boolean }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const column = header.column;
            // The row-sorting feature's methods (F has it; the `in` check lets TypeScript see them).
            if (!('getCanSort' in column) || !column.getCanSort()) return <th key={header.id} scope="col"><table.FlexRender header={header} /></th>;
            const sorted = column.getIsSorted();
            return (
              <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                <button type="button" className="sort-button" onClick={column.getToggleSortingHandler()}>
                  <table.FlexRender header={header} />
                  <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                </button>
              </th>
            );
          })}
          {actions ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
        </tr>
      ))}
    </thead>
  );
}
