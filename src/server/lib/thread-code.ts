import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';

/**
 * The code a worker thread runs (decision 024). The server's TypeScript runs through tsx, and a
 * worker thread must register tsx's loader again, which starts a loader thread of its own and
 * sends it every import: 0.7-0.9 s of CPU to start one thread, against 0.2-0.3 s for the same code
 * as one JavaScript file. A server has four threads, and every API test file starts two or three:
 * the API tests took 870 s of CPU through tsx and 661 s with bundles (issue 28).
 *
 * So each thread's code is bundled by esbuild, its packages left to node_modules as they are, and
 * kept in node_modules/.cache/threads while none of its files changed (each file's size and time,
 * checked once per process). A thread asked for before its bundle is made, or while it is made
 * again after an edit, runs its TypeScript through tsx as before (`<name>-entry.mjs`): never
 * stale code, only slower.
 */
export const THREADS = {
  'engine-worker': 'src/server/engine/runtime/engine-worker.ts',
  'count-store-worker': 'src/server/engine/sql/count-store-worker.ts',
  'job-thread': 'src/server/jobs/job-thread.ts',
  'read-worker': 'src/server/modules/uploads/read-worker.ts',
  'generator-worker': 'src/server/engine/generator/generator-worker.ts',
} as const;
export type ThreadName = keyof typeof THREADS;

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Bumped when the bundle's options change, so bundles made with the old ones are made again. */
const FORMAT = 1;

export interface ThreadCodeOptions {
  root?: string;
  cacheDir?: string;
}

interface Manifest {
  format: number;
  /** Every source file in the bundle: [size, mtime in ms]. */
  inputs: Record<string, [number, number]>;
}

const cacheDirOf = (options: ThreadCodeOptions) => options.cacheDir ?? path.join(options.root ?? ROOT, 'node_modules/.cache/threads');
const sourceOf = (name: ThreadName, options: ThreadCodeOptions) => path.join(options.root ?? ROOT, THREADS[name]);

/** The bundle, when it was made from the files as they are now. */
export function freshBundle(name: ThreadName, options: ThreadCodeOptions = {}): string | null {
  const dir = cacheDirOf(options);
  const bundle = path.join(dir, `${name}.mjs`);
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT || !fs.existsSync(bundle)) return null;
    for (const [file, [size, mtime]] of Object.entries(manifest.inputs)) {
      const stat = fs.statSync(file);
      if (stat.size !== size || stat.mtimeMs !== mtime) return null;
    }
    return bundle;
  } catch {
    // No manifest yet, or a file gone since: made again.
    return null;
  }
}

/**
 * esbuild replaces `import.meta` by the bundle's own: each source file's is written into it as
 * that file's, so a file read beside its module (kernels.wat, migrations) or a package resolved
 * from it is found where it was.
 */
const keepImportMeta: Plugin = {
  name: 'keep-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      let contents = await fs.promises.readFile(file, 'utf8');
      if (contents.includes('import.meta')) {
        contents = contents
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
          .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file)))
          .replaceAll('import.meta.filename', JSON.stringify(file));
      }
      return { contents, loader: 'ts' };
    });
  },
};

/** Bundles one thread's code into the cache: written beside, then renamed, so a reader never meets half a file. */
export async function buildThread(name: ThreadName, options: ThreadCodeOptions = {}): Promise<string> {
  const { build } = await import('esbuild');
  const dir = cacheDirOf(options);
  fs.mkdirSync(dir, { recursive: true });
  const root = options.root ?? ROOT;
  const result = await build({
    entryPoints: [sourceOf(name, options)],
    absWorkingDir: root,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    metafile: true,
    logLevel: 'silent',
    plugins: [keepImportMeta],
  });
  const inputs: Manifest['inputs'] = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = path.resolve(root, input);
    const stat = fs.statSync(file);
    inputs[file] = [stat.size, stat.mtimeMs];
  }
  const bundle = path.join(dir, `${name}.mjs`);
  const suffix = `.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  fs.writeFileSync(bundle + suffix, result.outputFiles[0]!.contents);
  fs.renameSync(bundle + suffix, bundle);
  fs.writeFileSync(path.join(dir, `${name}.json${suffix}`), JSON.stringify({ format: FORMAT, inputs } satisfies Manifest));
  fs.renameSync(path.join(dir, `${name}.json${suffix}`), path.join(dir, `${name}.json`));
  return bundle;
}

/** Makes every thread's bundle that is not fresh (npm start and npm test, before anything starts a thread). */
export async function buildThreads(options: ThreadCodeOptions = {}): Promise<void> {
  await Promise.all(
    (Object.keys(THREADS) as ThreadName[]).filter((name) => !freshBundle(name, options)).map((name) => buildThread(name, options)),
  );
}

const known = new Map<ThreadName, URL>();
const building = new Set<ThreadName>();

/**
 * What `new Worker()` runs for a thread: its fresh bundle, or else its TypeScript through tsx
 * while the bundle is made for the next thread (a failed build leaves tsx in use).
 */
export function threadUrl(name: ThreadName): URL {
  const found = known.get(name);
  if (found) return found;
  const bundle = freshBundle(name);
  if (bundle) {
    const url = pathToFileURL(bundle);
    known.set(name, url);
    return url;
  }
  if (!building.has(name)) {
    building.add(name);
    buildThread(name).then(
      () => building.delete(name),
      () => undefined,
    );
  }
  return pathToFileURL(sourceOf(name, {}).replace(/\.ts$/, '-entry.mjs'));
}
