import {
  createSortedRowModel, rowSortingFeature, sortFn_alphanumeric, sortFn_basic, tableFeatures, type ReactTable, type RowData,
} from '@tanstack/react-table';

/** The admin tables' one feature set: sortable columns. */
export const sortableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});
export type SortableFeatures = typeof sortableFeatures;

/** A table's header row: each sortable column a button, its order announced (aria-sort). */
export function SortableHead<T extends RowData>({ table, actions }: { table: ReactTable<SortableFeatures, T>; actions?: boolean }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            return (
              <th key={header.id} scope="col" aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}>
                {header.column.getCanSort() ? (
                  <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                    <table.FlexRender header={header} />
                    <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                  </button>
                ) : <table.FlexRender header={header} />}
              </th>
            );
          })}
          {actions ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
        </tr>
      ))}
    </thead>
  );
}
