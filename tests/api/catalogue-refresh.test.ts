import { describe, expect, it } from 'vitest';
import { buildTestApp } from './helper';
import { clientRegionIdOf } from './population';

/**
 * A kept set (a lookalike, a motivation audience) built or dropped makes the region's catalogue be
 * read again. A write checking a rule inside its transaction holds PGlite's one connection: had it
 * waited for that read, the read would have waited for it (a POST /api/motivation-audiences hung
 * while a lookalike job finished). It is answered from the last catalogue until the new one is read.
 */
describe('the catalogue read again while a write checks a rule', async () => {
  const { app, database } = await buildTestApp({}, { counts: false, jobs: false });
  const region = await clientRegionIdOf(database.db, 'acme', 'us');
  await app.data.whenIdle();

  it('answers inside a transaction from the last catalogue, then has the new one', async () => {
    const before = await app.data.catalog(region);
    const inside = await database.db.transaction(async () => {
      const refreshing = app.data.refreshCatalog(region);
      const catalog = await app.data.catalog(region);
      return { segments: catalog.segments.size, refreshing };
    });
    await inside.refreshing;
    expect(inside.segments).toBe(before.segments.size);
    expect(await app.data.catalog(region)).not.toBe(before);
  }, 15_000);
});
