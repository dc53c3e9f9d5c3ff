/**
 * A Vitest reporter that writes each test file's whole time (environment, harness, import and
 * suite callbacks, where the API tests build their app, then the tests and hooks) to the JSON file
 * named by VITEST_FILE_TIMES. Vitest's own JSON report counts the tests alone, which hides where an
 * API file spends its time (issue 28).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimes implements Reporter {
  private readonly times: Record<string, number> = {};

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    this.times[module.moduleId] = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
  }

  onTestRunEnd() {
    const out = process.env.VITEST_FILE_TIMES;
    if (!out) return;
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(this.times));
  }
}
