import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist/client');
const STAMP = path.join(OUT, '.build-stamp');
const INPUTS = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/**
 * True when dist/client is missing, older than any client input, or has source maps when none
 * are asked for (a build from before they were turned off: the server refuses them anyway).
 */
export function clientBuildIsStale(): boolean {
  if (!fs.existsSync(path.join(OUT, 'index.html')) || !fs.existsSync(STAMP)) return true;
  if (fs.existsSync(path.join(OUT, 'sw.js.map')) !== (process.env.BUILD_SOURCEMAP === '1')) return true;
  const built = fs.statSync(STAMP).mtimeMs;
  return INPUTS.some((p) => newestMtime(path.join(ROOT, p)) > built);
}

/** Builds the PWA with Vite when it is not built or out of date. */
export function ensureClientBuilt(): void {
  if (!clientBuildIsStale()) return;
  console.log('Building the client (first run or sources changed)...');
  const vite = path.join(ROOT, 'node_modules/.bin/vite');
  const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  fs.writeFileSync(STAMP, new Date().toISOString());
}
