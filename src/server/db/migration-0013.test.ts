import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './client';

/** The migrations folder as it stood before `tag`: the same files, the journal cut before it. */
function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const file = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag));
  fs.writeFileSync(file, JSON.stringify(journal));
  return dir;
}

describe("migration 0013: the units' category names become categories", () => {
  const before = migrationsBefore('0013_administration');
  afterAll(() => fs.rmSync(before, { recursive: true, force: true }));

  it('makes one category per name whatever its case or spacing, in the navigation order, and the units name it as it is spelled', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into clients (id, slug, name) values (1, 'a', 'A'), (2, 'b', 'B');
      insert into toolbox_units (client_id, name, url, feature_module_category) values
        (1, 'u1', 'https://x.test', 'Plans'), (1, 'u2', 'https://x.test', 'plans'), (1, 'u3', 'https://x.test', 'PLANS'),
        (1, 'u4', 'https://x.test', 'plans'), (1, 'u5', 'https://x.test', 'Zeta'), (1, 'u6', 'https://x.test', '  Media   planning '),
        (1, 'u7', 'https://x.test', 'media planning'), (1, 'u8', 'https://x.test', 'toolbox'), (1, 'u9', 'https://x.test', '  '),
        (1, 'u10', 'https://x.test', null), (2, 'u11', 'https://x.test', 'PLANS');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const categories = await client.query('select client_id, name, priority from toolbox_categories order by client_id, priority');
    // The spelling most units use (ties: the first in sort order); priorities 0, 1, 2… with no gaps.
    expect(categories.rows).toEqual([
      { client_id: 1, name: 'plans', priority: 0 },
      { client_id: 1, name: 'toolbox', priority: 1 },
      { client_id: 1, name: 'Media planning', priority: 2 },
      { client_id: 1, name: 'Zeta', priority: 3 },
      { client_id: 2, name: 'PLANS', priority: 0 },
    ]);
    const units = await client.query<{ name: string; feature_module_category: string | null }>('select name, feature_module_category from toolbox_units order by id');
    expect(units.rows.map((u) => u.feature_module_category)).toEqual(['plans', 'plans', 'plans', 'plans', 'Zeta', 'Media planning', 'Media planning', 'toolbox', '  ', null, 'PLANS']);
    await client.close();
    // Fourteen migrations on an in-memory PGlite: about 15 s on a loaded machine.
  }, 90_000);
});
