/**
 * npx tsx tests/bench/rule-counts.ts [people] (default 1,000,000)
 *
 * The builder's live counts (POST /api/insights/rule-counts, issue 15) at scale: a rule of
 * three OR-groups, an exclude and a group of demographic values, asked of both data sources as
 * the API asks them (the bitmap engine's worker thread; the SQL engine in slices over
 * member_chunks in PGlite in a temp dir). Prints medians; the target is well under 300 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { openDatabase } from '../../src/server/db/client';
import { clientRegions, clients, regions } from '../../src/server/db/schema';
import { RoaringBitmap32 } from '../../src/server/engine/bitmap/roaring';
import { generateMembers } from '../../src/server/engine/generator/generator';
import { BitmapEngine } from '../../src/server/engine/runtime/bitmap-engine';
import { storeMembers } from '../../src/server/engine/sql/member-chunks-repository';
import { SqlEngine } from '../../src/server/engine/sql/sql-engine';

const people = Number(process.argv[2] ?? 1_000_000);
const SEGMENTS = 60;

async function median(ask: () => Promise<unknown>, runs = 9): Promise<number> {
  await ask();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await ask();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const segments = new Map<number, RoaringBitmap32>();
const attributes = new Map<number, RoaringBitmap32>();
for (const set of generateMembers({ people, segments: SEGMENTS, seed: 'bench-rule-counts' })) {
  (set.kind === 'segment' ? segments : attributes).set(set.kind === 'segment' ? set.segment.shortId : set.attribute.id, new RoaringBitmap32(set.members));
}
const bySize = [...segments].sort((a, b) => b[1].size - a[1].size).map(([id]) => id);
const valueIds = [...attributes.keys()];
const rules: AudienceRules = {
  include: { and: [[bySize[0]!, bySize[5]!, bySize[9]!], [bySize[1]!, bySize[7]!], [bySize[2]!, bySize[11]!, bySize[14]!, bySize[20]!]] },
  exclude: [bySize[3]!, bySize[30]!],
  values: [[valueIds[0]!, valueIds[1]!]],
};
const changed = (i: number): AudienceRules => ({ ...rules, include: { and: [...rules.include.and.slice(0, 2), [bySize[2]!, bySize[12 + (i % 20)]!]] } });

const bitmaps = new BitmapEngine(60_000);
await bitmaps.begin(1, people);
for (const [id, b] of segments) await bitmaps.setBitmap(1, 'segment', id, b);
for (const [id, b] of attributes) await bitmaps.setBitmap(1, 'attribute', id, b);
await bitmaps.commit(1);
console.log('molecula answer', await bitmaps.ruleCounts(1, rules));
console.log(`molecula rule counts, same rule: ${(await median(() => bitmaps.ruleCounts(1, rules))).toFixed(1)} ms`);
let n = 0;
console.log(`molecula rule counts, a group changed each time: ${(await median(() => bitmaps.ruleCounts(1, changed(n++)))).toFixed(1)} ms`);
await bitmaps.close();

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rule-counts-'));
const database = await openDatabase({ dataDir: dir });
try {
  await database.migrate();
  const db = database.db;
  const [client] = await db.insert(clients).values({ slug: 'bench', name: 'Bench' }).returning();
  const [region] = await db.insert(regions).values({ slug: 'bench', name: 'Bench' }).returning();
  const [cr] = await db.insert(clientRegions).values({ clientId: client!.id, regionId: region!.id }).returning();
  for (const [id, b] of segments) await storeMembers(db, cr!.id, 'segment', id, b.toUint32Array());
  for (const [id, b] of attributes) await storeMembers(db, cr!.id, 'attribute', id, b.toUint32Array());
  const sql = new SqlEngine(db, () => people, 60_000);
  console.log('es answer', await sql.ruleCounts(cr!.id, rules));
  console.log(`es rule counts (PGlite): ${(await median(() => sql.ruleCounts(cr!.id, rules), 5)).toFixed(1)} ms`);
} finally {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
