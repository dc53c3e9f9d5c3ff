/**
 * Reads the runners' JSON reports into the slowest test files (scripts/run-tests.ts, .ci/run).
 * A file's time is what it took on one worker: Vitest's import, suite set-up and tests
 * (scripts/vitest-file-times.ts), Playwright's sum of its tests' attempts (retries included, so a
 * flaky file shows what it cost).
 */
import fs from 'node:fs';
import path from 'node:path';

export interface FileTime {
  file: string;
  seconds: number;
}

const ROOT = path.resolve(import.meta.dirname, '..');
const relative = (file: string) => path.relative(ROOT, path.resolve(ROOT, file));
const top = (times: Map<string, number>, n: number): FileTime[] =>
  [...times].map(([file, ms]) => ({ file, seconds: ms / 1000 })).sort((a, b) => b.seconds - a.seconds).slice(0, n);

/** The file written by scripts/vitest-file-times.ts: milliseconds by absolute file path. */
export function slowestVitestFiles(reportFile: string, n = 10): FileTime[] {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Record<string, number>;
  return top(new Map(Object.entries(report).map(([file, ms]) => [relative(file), ms])), n);
}

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { file?: string; tests?: { results?: { duration?: number }[] }[] }[];
}

export function slowestPlaywrightFiles(reportFile: string, n = 10): FileTime[] {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { suites?: PlaywrightSuite[]; config?: { rootDir?: string } };
  const root = report.config?.rootDir ?? path.join(ROOT, 'tests/e2e');
  const times = new Map<string, number>();
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(path.join(root, spec.file ?? suite.file ?? '?'));
      const ms = (spec.tests ?? []).flatMap((t) => t.results ?? []).reduce((sum, r) => sum + (r.duration ?? 0), 0);
      times.set(file, (times.get(file) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  return top(times, n);
}

/** `tsx scripts/test-report.ts vitest|playwright FILE`: prints a report's slowest files (.ci/run's PostgreSQL pass). */
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const [kind, file] = process.argv.slice(2);
  if (!file || (kind !== 'vitest' && kind !== 'playwright')) {
    console.error('usage: tsx scripts/test-report.ts vitest|playwright REPORT.json');
    process.exit(2);
  }
  if (fs.existsSync(file)) {
    for (const f of kind === 'vitest' ? slowestVitestFiles(file) : slowestPlaywrightFiles(file)) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.file}`);
  }
}
