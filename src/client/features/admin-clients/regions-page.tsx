import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { TOASTS } from '@shared/rules/brands';
import { CLIENT_MESSAGES } from '@shared/rules/clients';
import { adminRegionResponseSchema, type AdminRegion } from '@shared/schemas/clients';
import { PageHeader } from '../../components/page-header';
import { refreshHierarchy } from '../../lib/hierarchy-sync';
import { successToast } from '../../lib/ui-store';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { AdminTable } from './admin-table';
import { adminRegionsQueryOptions, adminWrite } from './admin-client-queries';
import { RegionForm } from './region-form';
import './admin-clients.css';

const TITLE = 'Regions';

/** global/admin/regions: every region, created and renamed online. */
export function RegionsPage({ permissions, openNew }: { permissions: PermissionSet; openNew: boolean }) {
  const readable = can(permissions, 'regions', 'read');
  const mayCreate = can(permissions, 'regions', 'create');
  const mayUpdate = can(permissions, 'regions', 'update');
  const regions = useQuery({ ...adminRegionsQueryOptions(), enabled: readable });
  const [editing, setEditing] = useState<AdminRegion | 'new' | null>(openNew && mayCreate ? 'new' : null);
  const queryClient = useQueryClient();
  const router = useRouter();
  if (!readable) return <PermissionDeniedPage title={TITLE} />;

  const save = async (fields: { name: string; slug: string }): Promise<string | null> => {
    const target = editing;
    if (target === null) return null;
    const result = target === 'new'
      ? await adminWrite(queryClient, '/api/regions', adminRegionResponseSchema, 'POST', { region: fields })
      : await adminWrite(queryClient, `/api/regions/${target.id}`, adminRegionResponseSchema, 'PUT', { region: fields, base: { name: target.name, slug: target.slug } });
    if (!result.ok) return result.message;
    setEditing(null);
    successToast(target === 'new' ? CLIENT_MESSAGES.created(result.data.data.name) : CLIENT_MESSAGES.saved(result.data.data.name), undefined, TOASTS.successMs);
    // A renamed region is renamed in the context picker and the addresses.
    if (target !== 'new') await refreshHierarchy({ queryClient, router });
    return null;
  };

  return (
    <div className="page admin-page">
      <PageHeader title={TITLE}>
        {mayCreate ? <button type="button" className="button button--primary" disabled={editing !== null} onClick={() => setEditing('new')}>Add region</button> : null}
      </PageHeader>
      {editing !== null && regions.data ? (
        <RegionForm
          key={editing === 'new' ? 'new' : editing.id}
          region={editing === 'new' ? null : editing}
          others={regions.data.filter((r) => editing === 'new' || r.id !== editing.id)}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {regions.isPending ? <p role="status">Loading regions…</p> : null}
      {regions.isError ? <p role="alert">The regions could not be loaded. Check the network and try again.</p> : null}
      {regions.data ? (
        <AdminTable
          items={regions.data}
          headers={['Name', 'Slug', 'Clients', 'Actions']}
          row={(r) => (
            <>
              <th scope="row">{r.name}</th>
              <td>{r.slug}</td>
              <td className="numeric">{r.client_count}</td>
              <td className="row-actions">
                {mayUpdate ? <button type="button" className="button button--secondary" disabled={editing !== null} onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>Edit</button> : null}
              </td>
            </>
          )}
        />
      ) : null}
    </div>
  );
}
