import type { Task } from '@shared/schemas/notifications';
import type { tasks } from '../../db/schema';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
  };
}
