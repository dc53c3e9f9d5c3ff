import { forwardRef, useEffect, useState } from 'react';
import { TEXT } from '@shared/constants';
import { formatShortDate } from '@shared/rules/format';
import { isTaskDownloadable, isTaskFailed, isTaskInProgress, isTaskNew, taskHomePath } from '@shared/rules/notifications';
import { contextFromPath, productPath } from '@shared/rules/url-context';
import type { Task } from '@shared/schemas/notifications';
import { AppLink } from '../../components/app-link';
import { isApiError } from '../../lib/api-error';
import { JobProgress } from './job-progress';
import { markTaskRead } from './task-commands';
import { downloadTaskReport } from './task-downloads';

/**
 * A completed outcome opens its `path` (Measure on the recorded month, issue 18), else Measure in
 * the task's product (null for other tasks, or when no product is known).
 */
function outcomePath(task: Task, context: string): string | null {
  if (task.report_type !== 'outcome_completed' || isTaskInProgress(task)) return null;
  if (task.path && task.path.startsWith('/')) return task.path;
  const product = productPath(contextFromPath(taskHomePath(task, context)));
  return product ? `/${product}/outcomes/measure` : null;
}

/** A built lookalike (or optimized audience) opens its page; a failed one names why in its name. */
export function audienceTaskPath(task: Pick<Task, 'report_type' | 'status' | 'path'>): string | null {
  return task.report_type === 'lookalike' && task.status !== 'failed' && !isTaskInProgress(task) ? task.path : null;
}

// A lookalike's name is the sentence ('Lookalike X is ready'); its ui_name only the audience's.
const labelOf = (task: Task) => (task.report_type === 'lookalike' ? task.name : task.ui_name || task.name || '');

interface Props {
  task: Task;
  context: string;
  shown: boolean;
  onClose(): void;
}

/**
 * One task of the notification centre (spec 1 §2.8, §4): a report in progress reads
 * "IN-PROGRESS:" with its progress and a busy, disabled download; a made report downloads; a
 * failed one says why; an outcome opens Measure. Not yet downloaded or read is highlighted.
 */
export const TaskItem = forwardRef<HTMLLIElement, Props>(function TaskItem({ task, context, shown, onClose }, ref) {
  const outcome = outcomePath(task, context) ?? audienceTaskPath(task);
  const inProgress = isTaskInProgress(task);
  const label = labelOf(task);
  const failed = isTaskFailed(task);
  // A failed report has nothing to download: seeing it reads it, so the badge falls (issue 14).
  useEffect(() => {
    if (failed && task.read_at === null) void markTaskRead(task, context);
  }, [failed, task, context]);
  return (
    <li
      ref={ref}
      aria-current={shown ? 'true' : undefined}
      className={['task', isTaskNew(task) ? 'task--new' : '', shown ? 'task--shown' : ''].filter(Boolean).join(' ')}
    >
      <div className="task__main">
        {outcome ? (
          // Going to a completed outcome (or a built lookalike) reads it (spec 1 §4).
          <AppLink to={outcome} onClick={() => { void markTaskRead(task, context); onClose(); }}>{label}</AppLink>
        ) : (
          <span className="task__label">{inProgress ? `IN-PROGRESS: ${label}` : label}</span>
        )}
        {inProgress && task.job_id ? <JobProgress context={context} jobId={task.job_id} /> : null}
        {failed ? <span className="task__failure">Failed: {task.error ?? 'The report could not be made.'}</span> : null}
      </div>
      <time dateTime={task.created_at}>{formatShortDate(task.created_at)}</time>
      {task.report_type === 'index_report' && !failed ? <DownloadAction task={task} context={context} label={label} /> : null}
    </li>
  );
});

/** The report's download: busy and disabled while it is made, then the file under the server's name. */
function DownloadAction({ task, context, label }: { task: Task; context: string; label: string }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const inProgress = isTaskInProgress(task);
  const busy = inProgress || state.busy;
  const download = () => {
    setState({ busy: true, error: null });
    downloadTaskReport(task, context).then(
      () => setState({ busy: false, error: null }),
      (error: unknown) => setState({ busy: false, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };
  return (
    <span className="task__action">
      <button
        type="button" className="button button--secondary" aria-label={`Download ${label}`} aria-busy={busy}
        disabled={busy || !isTaskDownloadable(task)} onClick={download}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        Download
      </button>
      {state.error ? <span className="field__error" role="alert">{state.error}</span> : null}
    </span>
  );
}
