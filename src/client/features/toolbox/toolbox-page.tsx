import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertDialog } from 'radix-ui';
import { CATEGORY_ORDER } from '@shared/constants';
import { can, type PermissionSet } from '@shared/permissions';
import { formatContext, slugsOf, type ResolvedContext } from '@shared/rules/context';
import { ALL_REGIONS } from '@shared/rules/toolbox';
import { PageHeader } from '../../components/page-header';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { toolboxUnitsQueryOptions } from '../../lib/toolbox-queries';
import { byName, createUnit, deleteUnit, saveUnit, setUnitShown, UNIT_ENTITY, type UnitView } from './unit-commands';
import { UnitFormDialog } from './unit-form-dialog';

interface Props {
  context: ResolvedContext;
  permissions: PermissionSet;
}

const HIDDEN = 'hidden';
const NONE = 'none';
const groupOf = (u: UnitView) => (u.status ? (u.feature_module_category ?? NONE) : HIDDEN);
const groupTitle = (g: string) => (g === HIDDEN ? 'Hidden units' : g === NONE ? 'Without a category' : `${g.charAt(0).toUpperCase()}${g.slice(1)}`);
const groupOrder = (g: string) => (g === HIDDEN ? 1e6 : g === NONE ? 1e5 : (CATEGORY_ORDER as readonly string[]).indexOf(g) + 1 || 1e4);

/** The toolbox (spec 1 §2.11): the client's units grouped by category; added, edited, hidden and deleted offline or online. */
export function ToolboxPage({ context, permissions }: Props) {
  const client = context.client;
  const units = useQuery(toolboxUnitsQueryOptions(client.slug));
  const overlaid = useWithOutbox<UnitView[]>(UNIT_ENTITY, units.data);
  // Queued edits are applied in order; the list is sorted once, here.
  const shown = useMemo(() => [...(overlaid ?? [])].sort(byName), [overlaid]);
  const [editing, setEditing] = useState<UnitView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UnitView | null>(null);
  const xContext = formatContext(slugsOf(context));
  const mayCreate = can(permissions, 'toolbox_client_configuration', 'create');
  const mayUpdate = can(permissions, 'toolbox_client_configuration', 'update');
  const mayDelete = can(permissions, 'toolbox_client_configuration', 'destroy');
  const regionName = (id: string) => (id === ALL_REGIONS ? 'All regions' : (client.regions.find((r) => String(r.id) === id)?.name ?? id));
  const groups = [...new Set(shown.map(groupOf))].sort((a, b) => groupOrder(a) - groupOrder(b) || a.localeCompare(b));

  return (
    <div className="page">
      <PageHeader title="Toolbox">
        {mayCreate ? <button type="button" className="button button--primary" onClick={() => setEditing('new')}>Add unit</button> : null}
      </PageHeader>
      {units.isPending ? <p role="status">Loading units…</p> : null}
      {units.isError && !units.data ? <p role="alert">The toolbox could not be loaded. Check the network and try again.</p> : null}
      {units.data && shown.length === 0 ? <p className="empty-state">This client has no toolbox units yet.</p> : null}
      {groups.map((g) => (
        <section key={g} className="toolbox-group" aria-labelledby={`group-${g}`}>
          <h2 id={`group-${g}`}>{groupTitle(g)}</h2>
          <ul className="unit-list">
            {shown.filter((u) => groupOf(u) === g).map((u) => (
              <li key={u.id} className="unit" aria-label={`Unit ${u.name}`}>
                <span className="unit__name">{u.name}</span>
                {u.pending ? <span className="unit__badge">Pending</span> : null}
                <span className="unit__meta">{u.iframed ? 'Opens inside the product' : 'Opens in a new tab'} · {u.region_ids.map(regionName).join(', ')} · {u.url}</span>
                {mayUpdate ? <button type="button" className="button button--ghost" onClick={() => setEditing(u)}>Edit</button> : null}
                {mayUpdate ? (
                  <button type="button" className="button button--ghost" onClick={() => void setUnitShown(xContext, u, !u.status)}>{u.status ? 'Hide' : 'Show'}</button>
                ) : null}
                {mayDelete ? <button type="button" className="button button--ghost" onClick={() => setDeleting(u)}>Delete</button> : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {editing ? (
        <UnitFormDialog
          unit={editing === 'new' ? null : editing}
          regions={client.regions}
          otherNames={shown.filter((u) => editing === 'new' || u.id !== editing.id).map((u) => u.name)}
          onClose={() => setEditing(null)}
          onSave={(fields) => {
            void (editing === 'new' ? createUnit(xContext, fields) : saveUnit(xContext, editing, fields));
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="dialog-overlay" />
            <AlertDialog.Content className="dialog">
              <AlertDialog.Title>Delete unit {deleting.name}?</AlertDialog.Title>
              <AlertDialog.Description>It disappears from the toolbox and the navigation for everyone in {client.name}.</AlertDialog.Description>
              <div className="dialog__actions">
                <AlertDialog.Cancel className="button button--secondary">Cancel</AlertDialog.Cancel>
                <AlertDialog.Action className="button button--danger" onClick={() => void deleteUnit(xContext, deleting)}>Delete</AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      ) : null}
    </div>
  );
}
