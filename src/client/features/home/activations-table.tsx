import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { formatActivationDate, formatEndDate } from '@shared/rules/activations';
import type { Activation } from '@shared/schemas/activations';
import { AppLink } from '../../components/app-link';
import { DeliveryStatusBadge } from '../../components/delivery-status-badge';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Activation>();
const columns = helper.columns([
  helper.accessor('audience_name', { header: 'Audience Name' }),
  helper.accessor('last_refresh', { header: 'Last Refresh' }),
  helper.accessor('sent_date', { header: 'Sent Date' }),
  helper.accessor('end_date', { header: 'End Date' }),
  helper.accessor('state', { header: 'Delivery Status' }),
]);

/** The home page's Activations tab (spec 1 §2.4): each audience links to its activation on the Ams page. */
export function ActivationsTable({ productPath, activations }: { productPath: string; activations: Activation[] }) {
  // Rows keyed by activation: a refresh that reorders the list moves each row with its link, so a click
  // landing as the list refreshes opens the activation it was aimed at (by index, another row took it).
  const table = useTable({ features, columns, data: activations, getRowId: (a) => String(a.id) });
  const detail = (a: Activation) => `/${productPath}/audiences/activations?activationId=${a.id}&audienceId=${a.audience_id}`;
  return (
    <table className="data-table">
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col"><table.FlexRender header={header} /></th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const a = row.original;
          return (
            <tr key={row.id}>
              <td><AppLink to={detail(a)}>{a.audience_name}</AppLink></td>
              <td>{formatActivationDate(a.last_refresh)}</td>
              <td>{formatActivationDate(a.sent_date)}</td>
              <td>{formatEndDate(a.end_date)}</td>
              <td><DeliveryStatusBadge state={a.state} /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
