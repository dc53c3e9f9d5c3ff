import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@shared/schemas/error';
import { indexReportBodySchema, indexReportResponseSchema } from '@shared/schemas/index-reports';
import { taskIdParamsSchema } from '@shared/schemas/notifications';
import { attachment } from '../../lib/content-disposition';
import { runIdempotent } from '../../lib/idempotency';
import { XLSX_TYPE } from './index-report-request';
import { downloadReport, reportHistory, requestIndexReport, type ReportScope } from './index-report-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema, 503: apiErrorSchema };
/** An .xlsx file: the bytes as they are, not JSON. */
const xlsxFile = z.string().register(z.globalRegistry, { description: `An .xlsx workbook (${XLSX_TYPE}), sent as an attachment`, format: 'binary' });

/** Sends a file as a download that no cache (the service worker's included) keeps. */
function sendFile(reply: FastifyReply, file: { name: string; contentType: string; bytes: Buffer }) {
  return reply
    .type(file.contentType)
    .header('content-disposition', attachment(file.name))
    .header('cache-control', 'private, no-store')
    // The bytes go out as they are: a Buffer is never serialized, whatever the schema says.
    .send(file.bytes as never);
}

/** Index reports (issue 14): asking for one, downloading it, and Report History. */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const scope = (request: FastifyRequest): ReportScope => ({ db: app.database.db, auth: request.auth!, ctx: request.ctx!, data: app.data });

  app.post('/api/index-reports', {
    config: { access: { resource: 'index_report', action: 'create' }, context: 'product', writeLimit: 'index_reports' },
    schema: {
      tags: ['reports'],
      summary: 'Ask for an index report of an audience: a task (received) and the job that makes its workbook',
      description:
        'Refused for lite clients (403), at the Market Level tab (422), while the region\'s audience data is not ready (503 DATA_NOT_READY), for segment ids the region does not have or has deleted, or demographic value ids it does not have (422 UNKNOWN_SEGMENTS) and for unknown categories (422). ' +
        'Answers 202 with the task and its job (GET /api/jobs/{id} gives progress); the task is done when its file can be downloaded. ' +
        'Send a uuid X-Request-ID: a resend with the same id gets the first answer again and queues nothing.',
      body: indexReportBodySchema,
      response: { 202: indexReportResponseSchema, ...errors, 429: apiErrorSchema },
    },
  }, (request, reply) => runIdempotent(app, request, reply, async (tx) => ({
    status: 202,
    body: { data: await requestIndexReport(scope(request), tx, app.jobs, request.body, request.id) },
  })));

  app.get('/api/notifications/:id/download', {
    config: { access: 'session', context: 'client' },
    schema: {
      tags: ['reports'],
      summary: "A finished report's workbook, for its owner or a report admin of the client; records the download",
      description: 'A report still being made, or one that failed, is 409 with the reason. Another tenant\'s task is 404.',
      params: taskIdParamsSchema,
      response: { 200: xlsxFile, ...errors, 409: apiErrorSchema },
    },
  }, async (request, reply) => sendFile(reply, await downloadReport(scope(request), request.params.id)));

  app.get('/api/report-history', {
    config: { access: { resource: 'report_task_admin', action: 'create' }, context: 'client' },
    schema: {
      tags: ['reports'],
      summary: "Report History: every download of the context client's reports, newest first, as {yyyy-MM-dd}_{env}_past_downloads_report.xlsx",
      response: { 200: xlsxFile, ...errors },
    },
  }, async (request, reply) => sendFile(reply, await reportHistory(scope(request), app.config.env)));
};

export default reportRoutes;

