import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can, type PermissionSet } from '@shared/permissions';
import { TOASTS } from '@shared/rules/brands';
import { CLIENT_MESSAGES } from '@shared/rules/clients';
import { adminClientResponseSchema, type AdminClient, type ClientWrite } from '@shared/schemas/clients';
import { PageHeader } from '../../components/page-header';
import { refreshHierarchy } from '../../lib/hierarchy-sync';
import { successToast } from '../../lib/ui-store';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { AdminTable } from './admin-table';
import { adminClientsQueryOptions, adminRegionsQueryOptions, adminWrite, languagesQueryOptions } from './admin-client-queries';
import { ClientForm } from './client-form';
import './admin-clients.css';

interface Props {
  permissions: PermissionSet;
  /** ?new=1: open the new-client form at once (the top bar's "Add clients"). */
  openNew: boolean;
}

const TITLE = 'Clients';

/** global/admin/clients: every client the caller may see, created and edited online. */
export function ClientsPage({ permissions, openNew }: Props) {
  const mayCreate = can(permissions, 'clients', 'create');
  const mayUpdate = can(permissions, 'clients', 'update');
  const readable = can(permissions, 'clients', 'read');
  const clients = useQuery({ ...adminClientsQueryOptions(), enabled: readable });
  const regions = useQuery({ ...adminRegionsQueryOptions(), enabled: readable && can(permissions, 'regions', 'read') });
  const languages = useQuery({ ...languagesQueryOptions(), enabled: readable });
  const [editing, setEditing] = useState<AdminClient | 'new' | null>(openNew && mayCreate ? 'new' : null);
  const queryClient = useQueryClient();
  const router = useRouter();

  if (!readable) return <PermissionDeniedPage title={TITLE} />;

  const save = async (sent: ClientWrite): Promise<string | null> => {
    const target = editing;
    if (target === null) return null;
    const result = target === 'new'
      ? await adminWrite(queryClient, '/api/clients', adminClientResponseSchema, 'POST', { client: sent })
      : await adminWrite(queryClient, `/api/clients/${target.id}`, adminClientResponseSchema, 'PUT', { client: sent, version: target.version });
    if (!result.ok) return result.message;
    setEditing(null);
    successToast(target === 'new' ? CLIENT_MESSAGES.created(result.data.data.name) : CLIENT_MESSAGES.saved(result.data.data.name), undefined, TOASTS.successMs);
    // The context picker, navigation and guards (and other tabs) learn of it now.
    await refreshHierarchy({ queryClient, router });
    return null;
  };

  const formReady = regions.data && languages.data && clients.data;
  return (
    <div className="page admin-page">
      <PageHeader title={TITLE}>
        {mayCreate ? <button type="button" className="button button--primary" disabled={editing !== null} onClick={() => setEditing('new')}>Add client</button> : null}
      </PageHeader>
      {editing !== null && formReady ? (
        <ClientForm
          key={editing === 'new' ? 'new' : editing.id}
          client={editing === 'new' ? null : editing}
          regions={regions.data}
          languages={languages.data}
          otherSlugs={clients.data.filter((c) => editing === 'new' || c.id !== editing.id).map((c) => c.slug)}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      {editing !== null && (regions.isError || languages.isError) ? <p role="alert">The regions or languages could not be loaded. Check the network and try again.</p> : null}
      {clients.isPending ? <p role="status">Loading clients…</p> : null}
      {clients.isError ? <p role="alert">The clients could not be loaded. Check the network and try again.</p> : null}
      {clients.data ? (
        <AdminTable
          items={clients.data}
          headers={['Name', 'Slug', 'Company ID', 'Language', 'Regions', 'Status', 'Actions']}
          row={(c) => (
            <>
              <th scope="row">{c.name}</th>
              <td>{c.slug}</td>
              <td className="numeric">{c.conversant_company_id ?? '–'}</td>
              <td>{languages.data?.find((l) => l.value === c.language)?.text ?? c.language}</td>
              <td>{c.regions.map((r) => `${r.name} (${r.currency})${r.is_default ? ', default' : ''}`).join('; ')}</td>
              <td>{c.active ? 'Active' : 'Inactive'}</td>
              <td className="row-actions">
                {mayUpdate ? (
                  <button type="button" className="button button--secondary" disabled={editing !== null} onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>Edit</button>
                ) : null}
              </td>
            </>
          )}
        />
      ) : null}
    </div>
  );
}
