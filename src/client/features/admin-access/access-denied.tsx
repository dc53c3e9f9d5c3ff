import { BRAND_TEXT } from '@shared/rules/brands';
import { PageHeader } from '../../components/page-header';

/** An admin page the caller may not read: the spec's words (admin §2) instead of a redirect. */
export function AccessDenied({ title }: { title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <p role="alert">{BRAND_TEXT.permissionDenied}</p>
    </div>
  );
}
