import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { can, type PermissionSet } from '@shared/permissions';
import { readinessLabel } from '@shared/rules/clients';
import { PageHeader } from '../../components/page-header';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import { dashboardQueryOptions } from './admin-client-queries';
import { AdminTable } from './admin-table';
import './admin-clients.css';

const TITLE = 'Admin Dashboard';
const FIGURES = ['users', 'brands', 'products', 'charts', 'journeys', 'audiences'] as const;
const capital = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** global/admin/dashboard: per client its users and work, last activity and each region's data readiness. */
export function DashboardPage({ permissions }: { permissions: PermissionSet }) {
  const readable = can(permissions, 'clients', 'read');
  const dashboard = useQuery({ ...dashboardQueryOptions(), enabled: readable, refetchInterval: 30_000 });
  if (!readable) return <PermissionDeniedPage title={TITLE} />;
  return (
    <div className="page admin-page">
      <PageHeader title={TITLE} />
      {dashboard.isPending ? <p role="status">Loading the dashboard…</p> : null}
      {dashboard.isError ? <p role="alert">The dashboard could not be loaded. Check the network and try again.</p> : null}
      {dashboard.data ? (
        <AdminTable
          items={dashboard.data}
          headers={['Client', ...FIGURES.map(capital), 'Last activity', 'Data readiness']}
          row={(c) => (
            <>
              <th scope="row">{c.name}{c.active ? null : <span className="subtitle"> (inactive)</span>}</th>
              {FIGURES.map((f) => <td key={f} className="numeric" data-figure={f}>{c[f].toLocaleString('en-US')}</td>)}
              <td>{c.last_activity ? <time dateTime={c.last_activity}>{format(new Date(c.last_activity), 'd MMM yyyy, HH:mm')}</time> : 'None yet'}</td>
              <td>
                <ul className="plain-list" aria-label={`Data readiness of ${c.name}`}>
                  {c.regions.map((r) => (
                    <li key={r.region_id} className={`readiness--${r.state}`}>
                      {r.name}: {readinessLabel(r.state, r.progress)}
                      {r.state === 'ready' ? <span className="subtitle"> · {r.people.toLocaleString('en-US')} people</span> : null}
                    </li>
                  ))}
                </ul>
              </td>
            </>
          )}
        />
      ) : null}
    </div>
  );
}
