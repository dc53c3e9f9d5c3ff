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
import { buildThreads } from '../src/server/lib/thread-code';

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
 * Typecheck and lint run beside the tests, at the lowest priority: each is one single-threaded
 * process that prints nothing when all is well and asks nothing of timing, so they take the cores
 * only when the tests leave them idle (the unit phase keeps 1.2 of the two busy); in clean-clone
 * runs they end during the API phase, 314-383 s in. First, they took 50 s of the run (issue 28).
 * A failure stops the run after the phase during which it is found.
 */
const nicest = (script: string): Phase => ({
  name: `${script} (beside)`,
  command: ['nice', '-n', '19', 'npm', 'run', '--silent', script],
  log: path.join(REPORTS, `${script}.log`),
});
const beside: Phase[] = [nicest('typecheck'), nicest('lint')];

/** The test phases in order. */
const phases: Phase[] = [
  vitest('unit'),
  vitest('api'),
  {
    name: 'browser',
    command: ['npx', 'playwright', 'test'],
    report: { file: path.join(REPORTS, 'playwright.json'), read: slowestPlaywrightFiles },
  },
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
    const child = spawn(phase.command[0]!, phase.command.slice(1), {
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
// The worker threads' bundles, made once here rather than by the first test files at once (decision 024).
await buildThreads();
const besideDone = Promise.all(beside.map((phase) => runPhase(phase).then(record)));
for (const phase of phases) {
  if (failures.length > 0) break;
  record(await runPhase(phase));
}
if (failures.length === 0) await besideDone;
// In the table in their order, whenever they ended.
const order = [...beside, ...phases].map((p) => p.name);
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
