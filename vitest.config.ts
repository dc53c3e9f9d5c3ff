import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

const UNIT = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts'];

/**
 * Unit files share one module cache per worker (isolate: false): a file no longer imports zod,
 * the shared rules and its own modules afresh (135 files: 82 s and 106 s of CPU isolated, 49 s
 * and 64 s shared, issue 28). A file that replaces a module (vi.mock) would hand its fake to the
 * files after it, so those files, found here by what they call, keep a cache of their own.
 */
const MOCKS_MODULES = /\bvi\.(mock|doMock)\(/;
const ROOT = fileURLToPath(new URL('.', import.meta.url));
const mocksModules = ['src', 'sw']
  .flatMap((dir) => fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && MOCKS_MODULES.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: UNIT,
          exclude: mocksModules,
          environment: 'node',
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'unit-mocks',
          include: mocksModules,
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // PGlite is single-threaded WASM, but a file also waits (its workers starting, logins,
          // job polls): four files at a time were meant to fill those gaps. Warm on the two cores:
          // 299 s with two, 268 s with four; in clean clones no gain shows (321-328 s with four,
          // 292 and 339 s with two) and the cores are 98.5 % busy. Open in issue 28's note.
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          // Each file builds its own app on its own database; sharing the module cache saves ~10 s.
          isolate: false,
        },
      },
    ],
  },
});
