import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { SURVEY_MODE_DEFINITIONS } from '@shared/rules/surveys';
import { apiErrorSchema } from '@shared/schemas/error';
import { surveyListResponseSchema, surveyQuerySchema, surveyUploadResultSchema } from '@shared/schemas/surveys';
import { templateQuerySchema } from '@shared/schemas/uploads';
import { acceptTemplateUploads, templateBytes, UPLOAD_BODY_LIMIT } from '../uploads/template-part';
import { sendTemplate, templateFile } from '../uploads/templates';
import type { UploadScope } from '../uploads/uploads-service';
import { listSurveys, runSurveyUpload, surveyTemplateRows } from './surveys-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const file = z.string().register(z.globalRegistry, { description: 'The template workbook, sent as an attachment', format: 'binary' });

/**
 * Surveys (spec 2 §2, §5, §7; issue 30): per mode, GET its template and POST a filled one as the
 * multipart field `template`, in the X-Context client and region (the Surveys Upload page's
 * grant: `upload` CRUD and `upload_surveys`); and GET the surveys the insights show.
 */
const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptTemplateUploads(app);
  const scope = (request: FastifyRequest): UploadScope => ({ db: app.database.db, auth: request.auth!, ctx: request.ctx!, data: app.data, requestId: request.id });
  const crud = (['create', 'read', 'update', 'destroy'] as const).map((action) => ({ resource: 'upload' as const, action }));
  const access = (action: 'read' | 'create') => ({ resource: 'upload_surveys' as const, action, also: crud });

  app.get('/api/surveys', {
    config: {
      access: { resource: 'mekkos', action: 'read', or: [{ resource: 'journeys', action: 'read' }, { resource: 'explore', action: 'read' }, { resource: 'upload_surveys', action: 'read' }] },
      context: 'region',
    },
    schema: {
      tags: ['surveys'],
      summary: "The surveys of the X-Context region (level=region), of an audience (sub_market_id) or of a journey's stage of a brand (journey_stage_id, journey_brand_id)",
      querystring: surveyQuerySchema,
      response: { 200: surveyListResponseSchema, ...errors },
    },
  }, async (request) => ({ data: await listSurveys(scope(request), request.query) }));

  for (const definition of Object.values(SURVEY_MODE_DEFINITIONS)) {
    const path = `/api/surveys/${definition.apiPath}`;
    app.get(`${path}/template`, {
      config: { access: access('read'), context: 'region' },
      schema: {
        tags: ['surveys'],
        summary: `The ${definition.templateName} of the X-Context region: its columns and current surveys${definition.mode === 'region' ? '' : ', the allowed brands and products to the right'}`,
        querystring: templateQuerySchema,
        response: { 200: file, ...errors },
      },
    }, async (request, reply) => {
      const format = request.query.format;
      return sendTemplate(reply, definition.templateName, format, templateFile(definition, await surveyTemplateRows(scope(request), definition.mode), format));
    });

    app.post(path, {
      config: { access: access('create'), context: 'region', writeLimit: 'uploads' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['surveys'],
        summary: `Upload a filled ${definition.templateName} (multipart field \`template\`): each survey named is replaced by its valid rows; rows in error are listed`,
        description: 'Refused whole as the other uploaders refuse a file (413, 422). A survey whose every row is in error is left as it was.',
        consumes: ['multipart/form-data'],
        response: { 200: surveyUploadResultSchema, ...errors },
      },
    }, async (request) => runSurveyUpload(scope(request), definition.mode, await templateBytes(request)));
  }
};
export default surveyRoutes;
