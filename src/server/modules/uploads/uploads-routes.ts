import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { UPLOAD_LIMITS, UPLOADERS } from '@shared/rules/uploads';
import { apiErrorSchema } from '@shared/schemas/error';
import { templateQuerySchema, uploadResultSchema } from '@shared/schemas/uploads';
import { acceptTemplateUploads, templateBytes, UPLOAD_BODY_LIMIT } from './template-part';
import { sendTemplate, templateFile, templateRows } from './templates';
import { runUpload, type UploadScope } from './uploads-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const file = z.string().register(z.globalRegistry, { description: 'The template workbook, sent as an attachment', format: 'binary' });

/**
 * The spreadsheet uploaders (issue 29; decision 020): for each, GET its template and POST a
 * filled one as the multipart field `template`, in the X-Context client and region. Both need
 * `upload` CRUD and the uploader's own resource, as its admin page does (spec 2 §6). Multipart is
 * read only here, with one file and a size cap; the workbook is parsed off the API thread.
 */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptTemplateUploads(app);
  const scope = (request: FastifyRequest): UploadScope => ({ db: app.database.db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  const crud = (['create', 'read', 'update', 'destroy'] as const).map((action) => ({ resource: 'upload' as const, action }));

  for (const uploader of Object.values(UPLOADERS)) {
    const path = `/api/uploads/${uploader.apiPath}`;
    const access = (action: 'read' | 'create') => ({ resource: uploader.permission, action, also: crud });

    app.get(`${path}/template`, {
      config: { access: access('read'), context: 'region' },
      schema: {
        tags: ['uploads'],
        summary: `The ${uploader.templateName} template of the X-Context region: its columns, the region's current figures and the allowed brands, products and categories to the right`,
        querystring: templateQuerySchema,
        response: { 200: file, ...errors },
      },
    }, async (request, reply) => {
      const format = request.query.format;
      const bytes = templateFile(uploader, await templateRows(scope(request), uploader), format);
      return sendTemplate(reply, uploader.templateName, format, bytes);
    });

    app.post(path, {
      config: { access: access('create'), context: 'region', writeLimit: 'uploads' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['uploads'],
        summary: `Upload a filled ${uploader.templateName} (multipart field \`template\`): valid rows are applied, rows in error are listed (column, row, message)`,
        description:
          `Refused whole, with nothing changed: a file that is not a spreadsheet or cannot be read (422), over ${UPLOAD_LIMITS.bytes / 1024 / 1024} MB, ${UPLOAD_LIMITS.rows} rows or ${UPLOAD_LIMITS.cells} cells (413), without the template's sheet or header row (422). ` +
          'A row naming a brand or product the caller cannot reach in the region stops the upload (errors listed, nothing applied). Otherwise each valid row is applied, one transaction per chart, journey or widget, and each row or cell in error is listed and not applied.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadResultSchema, ...errors },
      },
    }, async (request) => {
      const bytes = await templateBytes(request);
      return runUpload(scope(request), uploader, bytes);
    });
  }
};

export default uploadRoutes;
