/**
 * npm test: every check in turn (typecheck, lint, unit, API on the embedded database, browser),
 * stopping at the first that fails, then a table of how long each phase took and the ten slowest
 * test files of each runner (issue 28: where CI's time goes). The figures are also written to
 * .tmp/test-phases.json, which .ci/run adds to its own phases (installs, the PostgreSQL pass).
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
}

const vitest = (project: string): Phase => {
  const file = path.join(REPORTS, `vitest-${project}.json`);
  return {
    name: project === 'unit' ? 'unit' : 'API (PGlite)',
    command: ['npx', 'vitest', 'run', ...(project === 'unit' ? ['--project', 'unit', '--project', 'unit-mocks'] : ['--project', project]), '--reporter=default', '--reporter=./scripts/vitest-file-times.ts'],
    env: { VITEST_FILE_TIMES: file },
    report: { file, read: slowestVitestFiles },
  };
};

/**
 * The API tests again on a PostgreSQL server (.ci/run starts one on loopback and names it in
 * CI_POSTGRES_URL; without it npm test runs on the embedded database alone). They run beside the
 * browser tests, at a lower priority: the browser phase leaves the two cores idle 15 % of its
 * time (its servers starting, its waits for what a page shows), and the browser tests keep
 * first call on the cores, so their timings are those of the run without it (issue 28).
 */
const postgresUrl = process.env.CI_POSTGRES_URL;
const postgres = (url: string): Phase => {
  const file = path.join(REPORTS, 'vitest-api-postgres.json');
  return {
    name: 'API (Postgres)',
    command: ['nice', '-n', '10', 'npx', 'vitest', 'run', '--project', 'api', '--reporter=default', '--reporter=./scripts/vitest-file-times.ts'],
    env: { DATABASE_URL: url, VITEST_FILE_TIMES: file },
    log: path.join(REPORTS, 'api-postgres.log'),
    report: { file, read: slowestVitestFiles },
  };
};

/**
 * The phases in order; the phases of one group run at the same time. Typecheck and lint are each
 * one single-threaded process that prints nothing when all is well: side by side they keep both
 * cores busy (54 s one after the other in the last clean-clone run, 43 s together). Measured again
 * on the two cores under a heavy load (load average 8-10), without caches: 197 and 148 s one after
 * the other, 181 and 112 s together.
 */
const groups: Phase[][] = [
  [
    { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
    { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  ],
  [vitest('unit')],
  [vitest('api')],
  [
    {
      name: 'browser',
      command: ['npx', 'playwright', 'test'],
      report: { file: path.join(REPORTS, 'playwright.json'), read: slowestPlaywrightFiles },
    },
    ...(postgresUrl ? [postgres(postgresUrl)] : []),
  ],
];

interface Done { name: string; seconds: number; slowest: FileTime[] }

/** Runs one phase with the terminal as its output; resolves with its exit status and time. */
function runPhase(phase: Phase): Promise<Done & { ok: boolean }> {
  const started = performance.now();
  if (phase.report) fs.rmSync(phase.report.file, { force: true });
  return new Promise((resolve) => {
    const out = phase.log ? fs.openSync(phase.log, 'w') : 'inherit';
    const child = spawn(phase.command[0]!, phase.command.slice(1), {
      cwd: ROOT,
      stdio: ['inherit', out, out],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS, 'playwright.json'), ...phase.env },
    });
    child.on('close', (code) => {
      if (typeof out === 'number') {
        fs.closeSync(out);
        console.log(`\n${phase.name} (its output, written to ${path.relative(ROOT, phase.log!)} while it ran):`);
        process.stdout.write(fs.readFileSync(phase.log!));
      }
      const seconds = (performance.now() - started) / 1000;
      const slowest = phase.report && fs.existsSync(phase.report.file) ? phase.report.read(phase.report.file) : [];
      resolve({ name: phase.name, seconds, slowest, ok: code === 0 });
    });
  });
}

const done: Done[] = [];
let failed: string | null = null;
for (const group of groups) {
  const started = performance.now();
  const results = await Promise.all(group.map(runPhase));
  for (const { ok: _ok, ...result } of results) done.push(result);
  if (group.length > 1) done.push({ name: `${group.map((p) => p.name).join('+')} wall`, seconds: (performance.now() - started) / 1000, slowest: [] });
  failed = results.filter((r) => !r.ok).map((r) => r.name).join(', ') || null;
  if (failed) break;
}

fs.writeFileSync(path.join(ROOT, '.tmp/test-phases.json'), JSON.stringify(done, null, 2));
console.log('\nnpm test phases');
for (const p of done) console.log(`  ${p.name.padEnd(20)} ${p.seconds.toFixed(0).padStart(6)} s`);
for (const p of done.filter((d) => d.slowest.length > 0)) {
  console.log(`\nslowest files, ${p.name}`);
  for (const f of p.slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
}
if (failed) {
  console.error(`\nnpm test: ${failed} failed`);
  process.exit(1);
}
