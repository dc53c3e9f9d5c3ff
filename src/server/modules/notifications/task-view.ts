import type { Task } from '@shared/schemas/notifications';
import type { tasks } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The in-app page a task names in its request (a lookalike's: `{ path: '/client/…/audiences/overview/lookalike/7' }`). */
function pagePath(request: unknown): string | null {
  const path = typeof request === 'object' && request !== null ? (request as { path?: unknown }).path : undefined;
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/** A task row as the API shows it (the notification list, a new index report's answer). */
export function taskView(t: typeof tasks.$inferSelect): Task {
  return {
    id: t.id,
    report_type: t.reportType,
    status: t.status,
    name: t.name,
    ui_name: t.uiName,
    created_at: t.createdAt.toISOString(),
    downloaded_at: iso(t.downloadedAt),
    read_at: iso(t.readAt),
    product_slug: t.productSlug,
    request_id: t.requestId,
    job_id: t.jobId,
    error: t.error,
    path: pagePath(t.request),
  };
}
