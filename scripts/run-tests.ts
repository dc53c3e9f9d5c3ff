/**
 * npm test: every check in turn (typecheck, lint, unit, API on the embedded database, browser),
 * stopping at the first that fails, then a table of how long each phase took and the ten slowest
 * test files of each runner (issue 28: where CI's time goes). The figures are also written to
 * .tmp/test-phases.json, which .ci/run adds to its own phases (installs, the PostgreSQL pass).
 */
import { spawnSync } from 'node:child_process';
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
  /** The runner's JSON report, read for the slowest files. */
  report?: { file: string; read: (file: string) => FileTime[] };
}

const vitest = (project: string): Phase => {
  const file = path.join(REPORTS, `vitest-${project}.json`);
  return {
    name: project === 'unit' ? 'unit' : 'API (PGlite)',
    command: ['npx', 'vitest', 'run', '--project', project, '--reporter=default', '--reporter=./scripts/vitest-file-times.ts'],
    env: { VITEST_FILE_TIMES: file },
    report: { file, read: slowestVitestFiles },
  };
};

const phases: Phase[] = [
  { name: 'typecheck', command: ['npm', 'run', '--silent', 'typecheck'] },
  { name: 'lint', command: ['npm', 'run', '--silent', 'lint'] },
  vitest('unit'),
  vitest('api'),
  {
    name: 'browser',
    command: ['npx', 'playwright', 'test'],
    report: { file: path.join(REPORTS, 'playwright.json'), read: slowestPlaywrightFiles },
  },
];

const done: { name: string; seconds: number; slowest: FileTime[] }[] = [];
let failed: string | null = null;
for (const phase of phases) {
  const started = performance.now();
  if (phase.report) fs.rmSync(phase.report.file, { force: true });
  const run = spawnSync(phase.command[0]!, phase.command.slice(1), {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: path.join(REPORTS, 'playwright.json'), ...phase.env },
  });
  const seconds = (performance.now() - started) / 1000;
  const slowest = phase.report && fs.existsSync(phase.report.file) ? phase.report.read(phase.report.file) : [];
  done.push({ name: phase.name, seconds, slowest });
  if (run.status !== 0) {
    failed = phase.name;
    break;
  }
}

fs.writeFileSync(path.join(ROOT, '.tmp/test-phases.json'), JSON.stringify(done, null, 2));
console.log('\nnpm test phases');
for (const p of done) console.log(`  ${p.name.padEnd(14)} ${p.seconds.toFixed(0).padStart(6)} s`);
for (const p of done.filter((d) => d.slowest.length > 0)) {
  console.log(`\nslowest files, ${p.name}`);
  for (const f of p.slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
}
if (failed) {
  console.error(`\nnpm test: ${failed} failed`);
  process.exit(1);
}
