import * as z from 'zod/mini';
import { dataSourceSchema } from '@shared/schemas/auth';
import { indexReportBodySchema } from '@shared/schemas/index-reports';

export const INDEX_REPORT_JOB = 'index-report';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What a task of an index report keeps in `request`: the body as asked, plus what the job
 * needs to ask the same questions the API would (the session's data source, the client region)
 * and to name the context on the cover.
 */
export const indexReportRequestSchema = z.extend(indexReportBodySchema, {
  data_source: dataSourceSchema,
  client_region_id: z.int(),
  context: z.object({ slug: z.string(), name: z.string(), region: z.string() }),
});
export type IndexReportRequest = z.infer<typeof indexReportRequestSchema>;

/** The job's payload: the task it makes the report of (the task holds the request). */
export const indexReportPayloadSchema = z.object({ taskId: z.int() });
export type IndexReportPayload = z.infer<typeof indexReportPayloadSchema>;
