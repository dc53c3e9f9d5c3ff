import { parseContextHeader } from '@shared/rules/context';
import { indexReportResponseSchema, type IndexReportBody } from '@shared/schemas/index-reports';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { tasksQueryRoot } from '../../lib/task-poller';

/**
 * `POST /api/index-reports` (issue 14): 202 with the task and its job. The task lists are asked
 * again at once, so the notification centre shows it IN-PROGRESS without waiting for a poll.
 * Sent directly, not through the outbox: the form shows the server's refusal in place, and a
 * report asked for offline would be made for a meeting that is already over.
 */
export async function createIndexReport(context: string, body: IndexReportBody) {
  const answer = await api('/api/index-reports', indexReportResponseSchema, { method: 'POST', body, context: parseContextHeader(context) });
  void queryClient.invalidateQueries({ queryKey: tasksQueryRoot });
  return answer.data;
}
