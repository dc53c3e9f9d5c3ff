/**
 * npm test: the unit tests, the API tests on the embedded database and the browser tests in turn,
 * with typecheck and lint beside them, stopping at the first phase that fails, then a table of how
 * long each phase took and the ten slowest test files of each runner (issue 28: where CI's time
 * goes). The figures are also written to .tmp/test-phases.json, which .ci/run adds to its own
 * phases (installs, the PostgreSQL pass).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { slowestPlaywrightFiles, slowestVitestFiles, type FileTime } from './test-report';

const ROOT = path.resolve(import.meta.dirname, '..');
const REPORTS = path.join(ROOT, '.tmp/test-reports');
fs.mkdirSync(REPORTS, { recursive: true });

interface Phase {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** Output to this file, printed once the phase ends (a phase beside another would mix their lines). */
  log?: string;
  /** The runner's JSON report, read for the slowest files. */
  report?: { file: string; read: (file: string) => FileTime[] };
  /** At the lowest priority (nice 19): it takes the cores only when the other phases leave them idle. */
  nicest?: boolean;
}

const vitest = (name: string, projects: string[], options: { report: string; args?: string[]; env?: Record<string, string>; log?: string; nicest?: boolean }): Phase => {
  const file = path.join(REPORTS, `vitest-${options.report}.json`);
  return {
    name,
    command: ['npx', 'vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...(options.args ?? []), '--reporter=default', '--reporter=./scripts/vitest-file-times.ts'],
    env: { VITEST_FILE_TIMES: file, ...options.env },
    report: { file, read: slowestVitestFiles },
    log: options.log,
    nicest: options.nicest,
  };
};

/**
 * Typecheck and lint run beside the tests, at the lowest priority: each is one single-threaded
 * process that prints nothing when all is well and asks nothing of timing, so they take the cores
 * only when the tests leave them idle (the unit phase keeps 1.2 of the two busy); in clean-clone
 * runs they end during the API phase, 314-383 s in. First, they took 50 s of the run (issue 28).
 * A failure stops the run after the phase during which it is found.
 */
const nicest = (script: string): Phase => ({
  name: `${script} (beside)`,
  command: ['npm', 'run', '--silent', script],
  log: path.join(REPORTS, `${script}.log`),
  nicest: true,
});
const beside: Phase[] = [nicest('typecheck'), nicest('lint')];

/**
 * With POSTGRES_TEST_URL (.ci/run sets it to the PostgreSQL server it starts), the API tests run a
 * second time on PostgreSQL, beside the browser tests at the lowest priority: the browser phase
 * keeps the two cores 87 % busy, and the PostgreSQL pass (185 s alone, 362 s of CPU with its
 * server) fills what it leaves. Starved of the cores, a test there may outrun a limit meant to
 * catch hangs: API_TIMEOUT_SCALE stretches those (hangGuard in tests/api/helper.ts). The files
 * that measure time (a health check answering while heavy counts run, server socket timeouts, a
 * count stopped at its limit, a job cancelled within seconds) run after the browser tests, alone:
 * beside them at nice 10, count-isolation failed (issue 28).
 */
const POSTGRES = process.env.POSTGRES_TEST_URL;
const MEASURES_TIME = ['count-isolation', 'connection-limits', 'insights', 'jobs'].map((f) => `tests/api/${f}.test.ts`);
const onPostgres = { DATABASE_URL: POSTGRES ?? '' };
const postgresBeside: Phase[] = POSTGRES
  ? [vitest('API (Postgres, beside)', ['api'], {
      report: 'api-postgres',
      args: MEASURES_TIME.flatMap((f) => ['--exclude', f]),
      env: { ...onPostgres, API_TIMEOUT_SCALE: '4' },
      log: path.join(REPORTS, 'api-postgres.log'),
      nicest: true,
    })]
  : [];
const postgresAfter: Phase[] = POSTGRES ? [vitest('API (Postgres, alone)', ['api'], { report: 'api-postgres-alone', args: MEASURES_TIME, env: onPostgres })] : [];

/** The test phases in order; `beside` ones start with the phase they are listed against. */
const phases: Phase[] = [
  vitest('unit', ['unit', 'unit-mocks'], { report: 'unit' }),
  vitest('API (PGlite)', ['api'], { report: 'api' }),
  {
    name: 'browser',
    command: ['npx', 'playwright', 'test'],
    report: { file: path.join(REPORTS, 'playwright.json'), read: slowestPlaywrightFiles },
  },
  ...postgresAfter,
];

interface Done { name: string; seconds: number; slowest: FileTime[] }

/** The phases' processes still running: a run that stops early ends them too. */
const running = new Set<ReturnType<typeof spawn>>();

/** Runs one phase with the terminal (or its log) as its output; resolves with its exit status and time. */
function runPhase(phase: Phase): Promise<Done & { ok: boolean }> {
  const started = performance.now();
  if (phase.report) fs.rmSync(phase.report.file, { force: true });
  return new Promise((resolve) => {
    const out = phase.log ? fs.openSync(phase.log, 'w') : 'inherit';
    const command = phase.nicest ? ['nice', '-n', '19', ...phase.command] : phase.command;
    const child = spawn(command[0]!, command.slice(1), {
      cwd: ROOT,
      stdio: ['inherit', out, out],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS, 'playwright.json'), ...phase.env },
    });
    running.add(child);
    child.on('close', (code) => {
      running.delete(child);
      if (typeof out === 'number') {
        fs.closeSync(out);
        const said = fs.readFileSync(phase.log!, 'utf8');
        if (said.trim() !== '') console.log(`\n${phase.name}, its output (${path.relative(ROOT, phase.log!)}):\n${said}`);
      }
      const seconds = (performance.now() - started) / 1000;
      const slowest = phase.report && fs.existsSync(phase.report.file) ? phase.report.read(phase.report.file) : [];
      resolve({ name: phase.name, seconds, slowest, ok: code === 0 });
    });
  });
}

const done: Done[] = [];
const failures: string[] = [];
const record = ({ ok, ...result }: Done & { ok: boolean }) => {
  done.push(result);
  if (!ok) failures.push(result.name);
};
const besides = beside.map((phase) => runPhase(phase).then(record));
for (const phase of phases) {
  if (failures.length > 0) break;
  if (phase.name === 'browser') besides.push(...postgresBeside.map((p) => runPhase(p).then(record)));
  // The PostgreSQL pass alone waits for the one beside the browser tests: both use its server.
  if (postgresAfter.includes(phase)) await Promise.all(besides);
  if (failures.length > 0) break;
  record(await runPhase(phase));
}
if (failures.length === 0) await Promise.all(besides);
// In the table in their order, whenever they ended.
const order = [...beside, ...phases.slice(0, 3), ...postgresBeside, ...postgresAfter].map((p) => p.name);
done.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));

fs.writeFileSync(path.join(ROOT, '.tmp/test-phases.json'), JSON.stringify(done, null, 2));
console.log('\nnpm test phases');
for (const p of done) console.log(`  ${p.name.padEnd(20)} ${p.seconds.toFixed(0).padStart(6)} s`);
for (const p of done.filter((d) => d.slowest.length > 0)) {
  console.log(`\nslowest files, ${p.name}`);
  for (const f of p.slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
}
if (failures.length > 0) {
  console.error(`\nnpm test: ${failures.join(', ')} failed`);
  for (const child of running) child.kill();
  process.exit(1);
}
