import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkerCountStore } from './worker-count-store';

// A directory PGlite cannot create (its parent is a file): the open fails at once, where a real
// database would take seconds to create; when it fails says when the worker started.
const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'count-store-'));
fs.writeFileSync(path.join(parent, 'file'), '');
let n = 0;
const unopenable = () => path.join(parent, 'file', `pg-counts-${++n}`);

afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

describe('WorkerCountStore', () => {
  it('opened at once, fails at the open when its database cannot be opened', async () => {
    await expect(WorkerCountStore.open(unopenable())).rejects.toThrow();
  });

  it('opened lazily, starts its worker and opens its database at the first call, which then fails with the open', async () => {
    const store = await WorkerCountStore.open(unopenable(), { lazy: true });
    await expect(store.hasMembers(1)).rejects.toThrow();
    // A later call fails too.
    await expect(store.setChunks(1, 'segment', 1)).rejects.toThrow();
    await store.close();
  });

  it('opened lazily and never asked, closes, and refuses calls after', async () => {
    const store = await WorkerCountStore.open(unopenable(), { lazy: true });
    await store.close();
    await expect(store.hasMembers(1)).rejects.toThrow('The count store is closed');
  });
});
