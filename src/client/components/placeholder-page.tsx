import { PageHeader } from './page-header';

/** A feature page whose content arrives in a later issue. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <p>This page has no content yet.</p>
    </div>
  );
}
