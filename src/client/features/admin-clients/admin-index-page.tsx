import { can, type PermissionSet, type Resource } from '@shared/permissions';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import './admin-clients.css';

/** The global admin screens, each with the resource whose read permission opens it. */
const SCREENS: { title: string; to: string; resource: Resource; about: string }[] = [
  { title: 'Clients', to: '/global/admin/clients', resource: 'clients', about: 'Create and edit clients, their regions, currencies and feature access.' },
  { title: 'Regions', to: '/global/admin/regions', resource: 'regions', about: 'The regions clients can have.' },
  { title: 'Dashboard', to: '/global/admin/dashboard', resource: 'clients', about: 'Users, brands, products and work per client, and each region’s data.' },
  { title: 'Roles', to: '/global/admin/roles', resource: 'roles', about: 'Roles and what each may do.' },
  { title: 'Users', to: '/global/admin/users', resource: 'users', about: 'Users, their roles and what they may see.' },
];

const TITLE = 'Global Administration';

/** global/admin: an index of the administration screens the caller may open. */
export function AdminIndexPage({ permissions }: { permissions: PermissionSet }) {
  const open = SCREENS.filter((s) => can(permissions, s.resource, 'read'));
  if (open.length === 0) return <PermissionDeniedPage title={TITLE} />;
  return (
    <div className="page admin-page">
      <PageHeader title={TITLE} />
      <ul className="admin-index">
        {open.map((s) => (
          <li key={s.to}>
            <AppLink to={s.to}>{s.title}</AppLink>
            <p>{s.about}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
