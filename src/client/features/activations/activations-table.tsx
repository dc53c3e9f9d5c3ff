import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { activationActions, formatActivationDate, formatEndDate } from '@shared/rules/activations';
import type { Activation } from '@shared/schemas/activations';
import { AppLink } from '../../components/app-link';
import { DeliveryStatusBadge } from '../../components/delivery-status-badge';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, Activation>();
const columns = helper.columns([
  helper.accessor('audience_name', { header: 'Audience Name' }),
  helper.accessor((a) => a.destination.name, { id: 'destination', header: 'Destination' }),
  helper.accessor('last_refresh', { header: 'Last Refresh' }),
  helper.accessor('sent_date', { header: 'Sent Date' }),
  helper.accessor('end_date', { header: 'End Date' }),
  helper.accessor('state', { header: 'Delivery Status' }),
  helper.accessor('member_count', { header: 'Members' }),
  helper.display({ id: 'actions', header: 'Actions' }),
]);

interface Props {
  activations: Activation[];
  detailHref: (a: Activation) => string;
  canUpdate: boolean;
  /** The activation whose Refresh or Cancel is on its way. */
  busyId: number | null;
  onRefresh: (a: Activation) => void;
  onCancel: (a: Activation) => void;
  empty: string;
}

/** The Ams page's table: one row per activation, with Refresh and Cancel where its state allows them. */
export function ActivationsTable({ activations, detailHref, canUpdate, busyId, onRefresh, onCancel, empty }: Props) {
  // Rows keyed by activation: a refresh that reorders the list moves each row with its link, so a click
  // landing as the list refreshes opens the activation it was aimed at (by index, another row took it).
  const table = useTable({ features, columns, data: activations, getRowId: (a) => String(a.id) });
  const rows = table.getRowModel().rows;
  return (
    <table className="data-table activations-table">
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => <th key={header.id} scope="col"><table.FlexRender header={header} /></th>)}
          </tr>
        ))}
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr><td colSpan={columns.length}>{empty}</td></tr>
        ) : rows.map((row) => {
          const a = row.original;
          const allowed = activationActions(a.state);
          return (
            <tr key={row.id}>
              <td><AppLink to={detailHref(a)}>{a.audience_name}</AppLink></td>
              <td>{a.destination.name}</td>
              <td>{formatActivationDate(a.last_refresh)}</td>
              <td>{formatActivationDate(a.sent_date)}</td>
              <td>{formatEndDate(a.end_date)}</td>
              <td><DeliveryStatusBadge state={a.state} /></td>
              <td className="numeric">{a.member_count === null ? '-' : a.member_count.toLocaleString()}</td>
              <td className="row-actions">
                {canUpdate && allowed.refresh ? (
                  <button type="button" className="button button--secondary" disabled={busyId === a.id} onClick={() => onRefresh(a)} aria-label={`Refresh ${a.audience_name} to ${a.destination.name}`}>
                    Refresh
                  </button>
                ) : null}
                {canUpdate && allowed.cancel ? (
                  <button type="button" className="button button--secondary" disabled={busyId === a.id} onClick={() => onCancel(a)} aria-label={`Cancel ${a.audience_name} to ${a.destination.name}`}>
                    Cancel
                  </button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
