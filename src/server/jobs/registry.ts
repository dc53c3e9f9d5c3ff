import type { JobDefinition } from './types';

/**
 * Every type of job, by name: the job thread imports a definition when a job of its type runs,
 * so the API thread never loads handler code. A new feature adds its line here.
 */
// The payload and result types differ per job; the registry only names them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JOB_DEFINITIONS: Record<string, () => Promise<JobDefinition<any>>> = {
  noop: async () => (await import('./noop-job')).noopJob,
  'index-report': async () => (await import('../modules/reports/index-report-job')).indexReportJob,
  'notifications-cleanup': async () => (await import('../modules/notifications/notifications-cleanup-job')).notificationsCleanupJob,
  'activation-delivery': async () => (await import('../modules/activations/delivery-job')).deliveryJob,
  lookalike: async () => (await import('../modules/audiences/lookalike-job')).lookalikeJob,
  'motivation-audience': async () => (await import('../modules/audiences/motivation-job')).motivationAudienceJob,
  'outcome-record': async () => (await import('../modules/outcomes/outcome-jobs')).outcomeRecordJob,
  'outcome-month-close': async () => (await import('../modules/outcomes/outcome-jobs')).outcomeMonthCloseJob,
  'plan-import': async () => (await import('../modules/plans/plan-import-job')).planImportJob,
};

/** How each type is retried and stopped (read on the API thread when queues are created). */
export { JOB_OPTIONS, jobOptions } from "./options";
