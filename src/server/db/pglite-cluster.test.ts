import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPglite } from './pglite-cluster';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-cluster-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** PGlite's make-or-open without PostgreSQL: an empty folder gets PG_VERSION, as initdb writes it. */
function fakeCreate() {
  const made: string[] = [];
  const create = async (dir: string) => {
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
      made.push(dir);
      fs.writeFileSync(path.join(dir, 'PG_VERSION'), '17\n');
      fs.writeFileSync(path.join(dir, 'made-in'), dir);
    }
    return { close: async () => undefined };
  };
  return { made, create };
}

describe('a new embedded database', () => {
  it("starts as a copy of the one empty cluster, and each copy is a database of its own (PGlite's)", async () => {
    const a = await createPglite(path.join(root, 'a'));
    await a.exec('create table notes (text text); insert into notes values ($$only in a$$)');
    const b = await createPglite(path.join(root, 'b'));
    expect((await b.query(`select to_regclass('notes') as t`)).rows).toEqual([{ t: null }]);
    await Promise.all([a.close(), b.close()]);
    // Opened again, a database is its own, not a new copy.
    const again = await createPglite(path.join(root, 'a'));
    expect((await again.query('select text from notes')).rows).toEqual([{ text: 'only in a' }]);
    await again.close();
  }, 60_000);

  it('makes the empty cluster once, even for two databases made at once, and copies it', async () => {
    const cacheDir = path.join(root, 'cache');
    const { made, create } = fakeCreate();
    await Promise.all([createPglite(path.join(root, 'c'), { cacheDir, create }), createPglite(path.join(root, 'd'), { cacheDir, create })]);
    // Each process's own attempt, at most one per database asked; one kept, no leftovers.
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(2);
    expect(fs.readdirSync(cacheDir)).toEqual([expect.stringMatching(/^cluster-\d+\.\d+\.\d+$/)]);
    for (const dir of ['c', 'd']) expect(fs.existsSync(path.join(root, dir, 'PG_VERSION'))).toBe(true);

    const later = fakeCreate();
    await createPglite(path.join(root, 'e'), { cacheDir, create: later.create });
    expect(later.made).toEqual([]);
    expect(fs.readFileSync(path.join(root, 'e', 'made-in'), 'utf8')).toContain('cluster-');
  });

  it('leaves a folder that holds other files, and one that is a database, to PGlite as they are', async () => {
    const cacheDir = path.join(root, 'cache-2');
    const { made, create } = fakeCreate();
    fs.mkdirSync(path.join(root, 'f'), { recursive: true });
    fs.writeFileSync(path.join(root, 'f', 'something'), 'not ours');
    await createPglite(path.join(root, 'f'), { cacheDir, create });
    expect(made).toEqual([path.join(root, 'f')]);
    expect(fs.existsSync(cacheDir)).toBe(false);
  });

  it('is made by PGlite itself where the cache cannot be written, with a warning', async () => {
    const blocked = path.join(root, 'not-a-folder');
    fs.writeFileSync(blocked, 'a file where the cache would go');
    const { made, create } = fakeCreate();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await createPglite(path.join(root, 'g'), { cacheDir: path.join(blocked, 'cache'), create });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^A new database is made without the cached empty cluster: /));
    } finally {
      warn.mockRestore();
    }
    expect(made).toEqual([path.join(root, 'g')]);
  });
});
