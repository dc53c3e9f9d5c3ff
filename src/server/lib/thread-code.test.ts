import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { THREADS, buildThread, buildThreads, freshBundle, threadUrl } from './thread-code';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A project of its own with one thread: the reader's entry imports a module that reads a file beside itself. */
function project() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'thread-code-'));
  roots.push(root);
  const entry = path.join(root, THREADS['read-worker']);
  fs.mkdirSync(path.dirname(entry), { recursive: true });
  const helper = path.join(path.dirname(entry), 'beside.ts');
  fs.writeFileSync(path.join(path.dirname(entry), 'note.txt'), 'read beside its module');
  fs.writeFileSync(helper, "import fs from 'node:fs';\nexport const where: string = import.meta.url;\nexport const note = (): string => fs.readFileSync(new URL('./note.txt', import.meta.url), 'utf8');\n");
  fs.writeFileSync(entry, "import { parentPort } from 'node:worker_threads';\nimport { note, where } from './beside';\nconst answer: number = 6 * 7;\nparentPort!.postMessage({ answer, where, note: note() });\n");
  return { root, entry, helper };
}

const run = (file: string) =>
  new Promise<unknown>((resolve, reject) => {
    const worker = new Worker(pathToFileURL(file));
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });

describe('thread code', () => {
  it('bundles a thread whose modules still find what lies beside them, and runs it as JavaScript', async () => {
    const { root, helper } = project();
    const bundle = await buildThread('read-worker', { root });
    expect(bundle.endsWith(`${path.sep}read-worker.mjs`)).toBe(true);
    expect(await run(bundle)).toEqual({ answer: 42, where: pathToFileURL(helper).href, note: 'read beside its module' });
  });

  it('is fresh until any of its files changes, then made again', async () => {
    const { root, helper } = project();
    expect(freshBundle('read-worker', { root })).toBeNull();
    await buildThread('read-worker', { root });
    expect(freshBundle('read-worker', { root })).not.toBeNull();

    fs.appendFileSync(helper, 'export const more = 1;\n');
    expect(freshBundle('read-worker', { root })).toBeNull();
    await buildThread('read-worker', { root });
    expect(freshBundle('read-worker', { root })).not.toBeNull();

    fs.rmSync(helper);
    expect(freshBundle('read-worker', { root })).toBeNull();
  });

  it('fails to build code that does not compile, and the bundle made before is no longer fresh', async () => {
    const { root, entry } = project();
    await buildThread('read-worker', { root });
    expect(freshBundle('read-worker', { root })).not.toBeNull();
    fs.writeFileSync(entry, 'const broken = ;\n');
    await expect(buildThread('read-worker', { root })).rejects.toThrow();
    expect(freshBundle('read-worker', { root })).toBeNull();
  });

  it("makes this project's threads, each fresh after, and starts them from their bundles", async () => {
    await buildThreads();
    for (const name of Object.keys(THREADS) as (keyof typeof THREADS)[]) {
      expect(freshBundle(name), name).not.toBeNull();
      expect(threadUrl(name).pathname).toMatch(new RegExp(`/node_modules/\\.cache/threads/${name}\\.mjs$`));
    }
  });
});
