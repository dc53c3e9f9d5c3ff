import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { closeIndexReportForm, indexReportForm } from '../../lib/index-report-form-store';

// The form and its styles load when first opened, with the page that opens it (never in the shell).
const IndexReportDrawer = lazy(() => import('./index-report-drawer').then((m) => ({ default: m.IndexReportDrawer })));

/** Where a page that offers "Create Index Report" (Grow, Explore) shows its drawer. */
export function IndexReportHost() {
  // Leaving the page closes the form: it is not there to meet on the next visit.
  useEffect(() => closeIndexReportForm, []);
  // Subscribed through the snapshot; the request itself is kept as given (a ref), so it is read as is.
  const opened = useSnapshot(indexReportForm).request !== null;
  const request = indexReportForm.request;
  if (!opened || !request) return null;
  return (
    <Suspense fallback={null}>
      <IndexReportDrawer request={request} onClose={closeIndexReportForm} />
    </Suspense>
  );
}
