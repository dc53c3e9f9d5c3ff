import { useQuery } from '@tanstack/react-query';
import { jobProgressQueryOptions } from './job-progress-query';

/** How far a report in progress has come: percent and the job's message. */
export function JobProgress({ context, jobId }: { context: string; jobId: string }) {
  const job = useQuery(jobProgressQueryOptions(context, jobId)).data;
  if (!job) return null;
  const percent = Math.round(Math.min(1, Math.max(0, job.progress)) * 100);
  return (
    <span className="task__progress" role="status">
      <progress max={100} value={percent} aria-label="Report progress" /> {percent}%{job.message ? ` · ${job.message}` : ''}
    </span>
  );
}
