import type { ReactNode } from 'react';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';

const features = tableFeatures({});

/** The admin lists' table: headed columns, one row per item drawn by `row`. */
export function AdminTable<T extends { id: number }>({ items, headers, row }: { items: readonly T[]; headers: readonly string[]; row: (item: T) => ReactNode }) {
  const helper = createColumnHelper<typeof features, T>();
  const columns = helper.columns(headers.map((header, i) => helper.display({ id: `c${i}`, header })));
  const table = useTable({ features, columns, data: items as T[] });
  return (
    <table className="data-table">
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>{group.headers.map((header) => <th key={header.id} scope="col"><table.FlexRender header={header} /></th>)}</tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((r) => <tr key={r.original.id}>{row(r.original)}</tr>)}
      </tbody>
    </table>
  );
}
