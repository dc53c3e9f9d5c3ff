import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'sw/**/*.test.ts'],
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
