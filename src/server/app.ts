import zlib from 'node:zlib';
import { BossQueue, type QueueSettings } from './jobs/queue';
import jobRoutes from './modules/jobs/jobs-routes';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { HEADERS } from '@shared/constants';
import { ERROR_CODES, type ApiError } from '@shared/schemas/error';
import type { Config } from './config';
import type { Database } from './db/client';
import authPlugin from './plugins/auth';
import contextPlugin from './plugins/context';
import errorsPlugin, { clientErrorHandler } from './plugins/errors';
import jsonBodyPlugin from './plugins/json-body';
import openapiPlugin, { registerOpenApiRoute } from './plugins/openapi';
import securityPlugin from './plugins/security';
import { redactingLogger } from './lib/log-redaction';
import staticClient from './plugins/static-client';
import writeLimitPlugin from './plugins/write-limit';
import authRoutes from './modules/auth/auth-routes';
import healthRoutes from './modules/health/health-routes';
import hierarchyRoutes from './modules/hierarchy/hierarchy-routes';
import homeRoutes from './modules/home/home-routes';
import insightsRoutes from './modules/insights/insights-routes';
import analysisRoutes from './modules/analysis/analysis-routes';
import { DataManager } from './engine/data-manager';
import { openCountStore, type CountStore } from './engine/sql/count-store';
import notificationRoutes from './modules/notifications/notifications-routes';
import reportRoutes from './modules/reports/reports-routes';
import toolboxRoutes from './modules/toolbox/toolbox-routes';
import snapshotRoutes from './modules/snapshots/snapshot-routes';
import audienceRoutes from './modules/audiences/audience-routes';
import growConfigRoutes from './modules/grow-config/grow-config-routes';
import growRoutes from './modules/grow/grow-routes';
import activationRoutes from './modules/activations/activations-routes';
import exploreRoutes from './modules/explore/explore-routes';
import comparisonRoutes from './modules/comparisons/comparisons-routes';
import journeyRoutes from './modules/journeys/journeys-routes';
import outcomeRoutes from './modules/outcomes/outcomes-routes';
import discussionRoutes from './modules/discussions/discussions-routes';
import surveyRoutes from './modules/surveys/surveys-routes';
import planRoutes from './modules/plans/plans-routes';
import scenarioRoutes from './modules/plans/scenarios-routes';
import uploadRoutes from './modules/uploads/uploads-routes';
import clientRoutes from './modules/clients/clients-routes';
import roleRoutes from './modules/roles/roles-routes';
import userRoutes from './modules/users/users-routes';
import invitationRoutes from './modules/auth/invitation-routes';
import './types';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// zod/mini (the shared schemas, lean for the browser) ships no messages; the API answers in English.
z.config(z.locales.en());

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: boolean | object;
  serveClient?: boolean;
  /** How the login throttle waits before checking a slowed attempt (tests record it instead). */
  loginSleep?: (ms: number) => Promise<void>;
  /** The count store, already opening (main opens it beside the database); else opened here. */
  counts?: Promise<CountStore>;
  /** Over the configured job queue settings (tests shorten time limits, or only send). */
  jobs?: Partial<QueueSettings>;
}

/** External plugins, then app plugins, then routes (fastify/demo's order). */
export async function buildApp({ config, database, logger, serveClient = true, loginSleep, counts: opening, jobs: jobSettings }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials in request URLs (SSO tokens, invitation links) never reach the log.
    logger: redactingLogger(logger ?? { level: config.logLevel }),
    // Each log line carries the caller's X-Request-ID (checked, so it cannot forge log lines).
    genReqId: (req) => {
      const sent = req.headers[HEADERS.requestId];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
    trustProxy: process.env.TRUST_PROXY === '1',
    bodyLimit: 1_048_576,
    // Idle and slow sockets are closed (issue 26): each one otherwise holds memory and a file descriptor.
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.connectionMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: config.timeouts.checkIntervalMs },
    routerOptions: { ignoreTrailingSlash: true },
    // Errors the framework raises before routing (a malformed URL, a bad header) get the one shape too.
    clientErrorHandler,
    frameworkErrors: (error, _request, reply) => {
      const body: ApiError = { error: { code: ERROR_CODES.badRequest, message: error.message } };
      // The reply here is typed for any route's schemas; this body is the error shape.
      void (reply as FastifyReply).status(error.statusCode ?? 400).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  // Not opened beside the database (main.ts does): opened at the first count or stored set, so an
  // app that never counts (most API test files) never starts the count store's worker.
  const counts = await (opening ?? openCountStore(database, config.engineTimeLimitMs, { lazy: true }));
  const data = new DataManager(database.db, counts, { timeLimitMs: config.engineTimeLimitMs, workers: config.engineWorkers, slots: config.engineSlots, demo: config.demoData }, app.log);
  app.decorate('data', data);
  const jobs = new BossQueue(database, data, { ...config.jobs, ...jobSettings });
  await jobs.start();
  app.decorate('jobs', jobs);
  // Jobs stop before the engines they ask.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await data.close();
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header(HEADERS.requestId, request.id);
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'], brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(cookie);
  await app.register(securityPlugin);
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(contextPlugin);
  await app.register(writeLimitPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes, { sleep: loginSleep });
  await app.register(hierarchyRoutes);
  await app.register(homeRoutes);
  await app.register(toolboxRoutes);
  await app.register(notificationRoutes);
  await app.register(reportRoutes);
  await app.register(insightsRoutes);
  await app.register(analysisRoutes);
  await app.register(snapshotRoutes);
  await app.register(audienceRoutes);
  await app.register(growConfigRoutes);
  await app.register(growRoutes);
  await app.register(jobRoutes);
  await app.register(activationRoutes);
  await app.register(exploreRoutes);
  await app.register(comparisonRoutes);
  await app.register(journeyRoutes);
  await app.register(outcomeRoutes);
  await app.register(discussionRoutes);
  await app.register(surveyRoutes);
  await app.register(planRoutes);
  await app.register(scenarioRoutes);
  await app.register(uploadRoutes);
  await app.register(import('./modules/brands/brands-routes'));
  await app.register(clientRoutes);
  await app.register(roleRoutes);
  await app.register(userRoutes);
  await app.register(invitationRoutes);
  await registerOpenApiRoute(app);

  if (serveClient) await app.register(staticClient);
  return app;
}
