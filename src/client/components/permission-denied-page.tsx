import { BRAND_TEXT } from '@shared/rules/brands';
import { PageHeader } from './page-header';

/** An admin page the caller may not read: its heading and the spec's words (admin §2), never a redirect. */
export function PermissionDeniedPage({ title }: { title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <p role="alert">{BRAND_TEXT.permissionDenied}</p>
    </div>
  );
}
