import { lazy, Suspense } from 'react';
import type { UploaderPage } from '@shared/rules/access';
import type { ContextSlugs } from '@shared/rules/context';

// Loaded with its route: the shell carries neither the page nor its sanitiser (decision 006's budget).
const UploadPage = lazy(() => import('./upload-page').then((m) => ({ default: m.UploadPage })));


/** What the upload admin route renders for a page with an uploader. */
export function UploadRoute(props: { page: UploaderPage; title: string; context: ContextSlugs }) {
  return (
    <Suspense fallback={<p role="status">Loading</p>}>
      <UploadPage {...props} />
    </Suspense>
  );
}

