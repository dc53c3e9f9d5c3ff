import { format } from 'date-fns';
import { parseContextHeader } from '@shared/rules/context';
import type { Task } from '@shared/schemas/notifications';
import { apiDownload } from '../../lib/api-download';
import { queryClient } from '../../lib/query-client';
import { tasksQueryRoot } from '../../lib/task-poller';

/**
 * A report's file (`GET /api/notifications/:id/download`), saved under the server's name. The
 * server sets downloaded_at: the tasks are asked again, so the highlight and the badge fall.
 */
export async function downloadTaskReport(task: Task, context: string): Promise<void> {
  const fallback = `${(task.ui_name || task.name).replace(/[\\/:*?"<>|]+/g, '_')}.xlsx`;
  try {
    await apiDownload(`/api/notifications/${task.id}/download`, fallback, { context: parseContextHeader(context) });
  } finally {
    await queryClient.invalidateQueries({ queryKey: tasksQueryRoot });
  }
}

/** The report history workbook (`GET /api/report-history`), for admins with report_task_admin create. */
export async function downloadReportHistory(context: string): Promise<void> {
  await apiDownload('/api/report-history', `${format(new Date(), 'yyyy-MM-dd')}_past_downloads_report.xlsx`, { context: parseContextHeader(context) });
}
