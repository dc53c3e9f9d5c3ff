import type { PermissionSet } from '@shared/permissions';
import { adminPages, type AdminContext } from '@shared/rules/admin-pages';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { PermissionDeniedPage } from '../../components/permission-denied-page';
import './admin-clients.css';

const TITLE = 'Global Administration';

/**
 * global/admin (the Admin menu's page): every administration page the caller may open, the
 * global screens and those of the context they work in (Brand Management, the uploads,
 * Scenario Planner Management).
 */
export function AdminIndexPage({ permissions, at }: { permissions: PermissionSet; at: AdminContext | null }) {
  const open = adminPages(permissions, at);
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
