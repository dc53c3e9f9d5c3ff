import { isLoopbackHost, loadConfig, publicUrl, securityWarnings } from './config';
import { openDatabase } from './db/client';
import { DEMO_USERS } from './db/demo-tenant';

/** Opens the database, migrates, seeds the demo tenant when asked, and serves API and PWA. */
export async function main() {
  const started = performance.now();
  const config = loadConfig();
  for (const warning of securityWarnings(config)) console.warn(warning);
  if (!process.env.PUBLIC_URL && !isLoopbackHost(config.host)) {
    console.warn(`Warning: PUBLIC_URL is not set: invitation links will lead to ${config.publicUrl}. Set it to the address users reach the product at.`);
  }
  // The database opens (WASM start-up for PGlite) while the app's modules load, and the count
  // store's own PGlite starts in its thread at the same time (each first start creates both).
  const counts = import('./engine/sql/count-store').then(({ openCountStore }) =>
    openCountStore({ kind: config.databaseUrl ? 'postgres' : 'pglite', url: config.databaseUrl, dataDir: config.dataDir }, config.engineTimeLimitMs),
  );
  counts.catch(() => undefined);
  const [database, { buildApp }, { seedDemo }] = await Promise.all([
    openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }),
    import('./app'),
    import('./db/seed'),
  ]);
  await database.migrate();
  const seeded = config.seedDemo ? await seedDemo(database.db, config.demoPassword) : false;
  // Issue 17: the demo's journeys name the generated funnel's segments, known before the people are made.
  if (config.seedDemo) await import('./db/demo-journeys').then(({ seedJourneyDemoIfEmpty }) => seedJourneyDemoIfEmpty(database.db));
  // Issue 29: the uploaders' figures on the demo product's charts and journeys.
  if (config.seedDemo) await import('./db/demo-figures').then(({ seedDemoFiguresIfEmpty }) => seedDemoFiguresIfEmpty(database.db));
  // Issue 30: two discussion clusters, on an audience and a journey cell of the demo product.
  if (config.seedDemo) await import('./db/demo-discussions').then(({ seedDiscussionDemoIfEmpty }) => seedDiscussionDemoIfEmpty(database.db));
  // Issue 30: a region, an audience and a journey stage survey of the demo product.
  if (config.seedDemo) await import('./db/demo-surveys').then(({ seedSurveyDemoIfEmpty }) => seedSurveyDemoIfEmpty(database.db));
  // Issue 31: the demo product's response curves and an imported media plan.
  if (config.seedDemo) await import('./db/demo-plans').then(({ seedPlanDemoIfEmpty }) => seedPlanDemoIfEmpty(database.db));
  const app = await buildApp({ config, database, counts });

  // Expired sessions and old login failures are pruned hourly (any process may do it; it is idempotent).
  const { pruneExpired } = await import('./modules/auth/auth-service');
  const prune = () => pruneExpired(database.db, config).catch((err: unknown) => app.log.warn({ err }, 'prune failed'));
  setInterval(prune, 3_600_000).unref();
  void prune();

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const url = publicUrl(undefined, config.host, port);
  // With PORT=0 the port is known only now: links follow the printed address unless PUBLIC_URL names another.
  if (!process.env.PUBLIC_URL) config.publicUrl = url;
  // Audience data loads (and the demo's is generated) in the background; the API answers meanwhile.
  await app.data.start();
  if (seeded) {
    // A fresh demo's analyst finds a finished index report in the bell once acme/us has its data.
    const { requestDemoReport } = await import('./modules/reports/demo-report');
    void requestDemoReport(app)
      .then((skipped) => skipped && app.log.info(`no demo index report: ${skipped}`))
      .catch((err: unknown) => app.log.warn({ err }, 'the demo index report was not requested'));
  }
  if (config.seedDemo) {
    // The demo's seeded deliveries read the generated audience data: sent once it is ready.
    void app.data.whenIdle()
      .then(() => import('./modules/activations/demo-deliveries'))
      .then(({ deliverSeededActivations }) => deliverSeededActivations(database.db, app.jobs))
      .catch((err: unknown) => app.log.warn({ err }, 'the demo activations were not delivered'));
    // The demo's personas that name demographic values get them once the region's values exist.
    void app.data.whenIdle()
      .then(() => import('./db/seed-explore'))
      .then(({ completeExploreDemo }) => completeExploreDemo(database.db))
      .catch((err: unknown) => app.log.warn({ err }, "the demo personas' demographic values were not written"));
    // Issue 16: the demo's lookalikes (built by their job), motivation audience, comparison and shared audience.
    void app.data.whenIdle()
      .then(() => import('./db/demo-audiences'))
      .then(({ completeAudiencesDemo }) => completeAudiencesDemo(app))
      .then((made) => made.length && app.log.info(`demo audiences made: ${made.join(', ')}`))
      .catch((err: unknown) => app.log.warn({ err }, 'the demo audiences were not made'));
    // Issue 18: the demo charts' two years of outcome timeframes, generated back from the current month's counts.
    void app.data.whenIdle()
      .then(() => import('./db/demo-outcomes'))
      .then(({ completeOutcomesDemoOf }) => completeOutcomesDemoOf(app))
      .then((made) => made.length && app.log.info(`demo outcome timeframes written: ${made.join(', ')}`))
      .catch((err: unknown) => app.log.warn({ err }, 'the demo outcome timeframes were not written'));
  }
  const states = app.data.statuses().map((s) => s.state);
  const lines = [
    '',
    `  Audience Insights is running at ${url}`,
    ...(config.publicUrl === url ? [] : [`  Links it hands out (invitations) lead to ${config.publicUrl} (PUBLIC_URL)`]),
    `  Database: ${database.kind === 'pglite' ? `embedded PostgreSQL (PGlite) in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${seeded ? ', demo tenant seeded' : ''}`,
    `  Ready in ${Math.round(performance.now() - started)} ms`,
  ];
  const generating = states.filter((s) => s === 'queued' || s === 'generating').length;
  const loading = states.filter((s) => s === 'loading').length;
  if (generating && config.demoData) {
    lines.push(`  Generating demo audience data for ${generating} region(s) (${config.demoData.people.toLocaleString('en-US')} people each) in the background; the app says so until it is ready.`);
  }
  if (loading) lines.push(`  Loading audience data for ${loading} region(s) in the background.`);
  if (config.seedDemo) {
    lines.push(`  Demo logins (password: ${config.demoPassword === 'demo-password' ? 'demo-password' : 'DEMO_PASSWORD'}):`);
    for (const u of DEMO_USERS) lines.push(`    ${u.email.padEnd(20)} ${u.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
