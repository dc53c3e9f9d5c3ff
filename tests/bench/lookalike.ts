/**
 * npm run bench:lookalike
 *
 * Prints figures (not assertions) for issue 16's count engine work, in one run:
 *  (a) a 5x lookalike of a ~2 % seed at BENCH_LOOKALIKE_PEOPLE (default 10M) generated people
 *      (segments that lean on categories), through 2 bitmap workers as the API builds it: the
 *      three phases in the workers, then the set written to a count store (PGlite in a temp
 *      dir); beside one count of the seed in the same run, with the held-out lift of the index
 *      model and of the random model. Target: <= 10 s.
 *  (b) every intersection of four audiences at BENCH_PEOPLE (default 100M) people, beside the
 *      pairwise overlap of the same four (the question the Overlap page had before). Target:
 *      <= 100 ms. The audiences are made of random segments (2 % to 40 %) built straight into
 *      bitmaps (setBitmap), not the generator: 100M people's catalogue takes ~7 min to generate.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lookalikeLift } from '@shared/rules/audience-kinds';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { RoaringBitmap32 } from '../../src/server/engine/bitmap/roaring';
import { buildCatalog, generateMembers } from '../../src/server/engine/generator/generator';
import { Random } from '../../src/server/engine/generator/random';
import { BitmapEngine } from '../../src/server/engine/runtime/bitmap-engine';
import { WorkerCountStore } from '../../src/server/engine/sql/worker-count-store';
import { count, fmt, ms, timedRuns } from './lib';

const envInt = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n < 100_000) throw new Error(`${name} wants a whole number of people from 100,000, got '${raw}'`);
  return n;
};
const LOOKALIKE_PEOPLE = envInt('BENCH_LOOKALIKE_PEOPLE', 10_000_000);
const OVERLAP_PEOPLE = envInt('BENCH_PEOPLE', 100_000_000);
const WORKERS = 2;
const REGION = 1;
const GB = 1e9;

const rule = (...groups: number[][]): AudienceRules => ({ include: { and: groups }, exclude: [], values: [] });

// ---- (a) the lookalike ---------------------------------------------------------------------

async function lookalikeBench() {
  console.log(`\n(a) A 5x lookalike of a ~2 % seed at ${count(LOOKALIKE_PEOPLE)} people, ${WORKERS} workers`);
  const options = { people: LOOKALIKE_PEOPLE, segments: 60, seed: 'bench-lookalike' };
  const catalog = buildCatalog(options);
  const engine = new BitmapEngine(120_000, WORKERS);
  await engine.begin(REGION, options.people);
  const byCategory = new Map<number, number[]>();
  const sizes = new Map<number, number>();
  const t0 = performance.now();
  for (const set of generateMembers(options, catalog)) {
    const bitmap = new RoaringBitmap32(set.members);
    bitmap.runOptimize();
    if (set.kind === 'segment') {
      sizes.set(set.segment.shortId, bitmap.size);
      await engine.setBitmap(REGION, 'segment', set.segment.shortId, bitmap);
    } else {
      byCategory.set(set.attribute.categoryIndex, [...(byCategory.get(set.attribute.categoryIndex) ?? []), set.attribute.id]);
      await engine.setBitmap(REGION, 'attribute', set.attribute.id, bitmap);
    }
  }
  await engine.commit(REGION, [...byCategory.values()]);
  console.log(`  generated and loaded in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const regular = catalog.segments.filter((s) => s.kind === 'regular' && !s.deleted);
  const seedDef = regular.reduce((best, s) => (Math.abs(sizes.get(s.shortId)! - 0.02 * options.people) < Math.abs(sizes.get(best.shortId)! - 0.02 * options.people) ? s : best));
  const seed = rule([seedDef.shortId]);
  const seedSize = sizes.get(seedDef.shortId)!;
  const size = 5 * seedSize;
  console.log(`  seed: segment ${seedDef.shortId} (${count(seedSize)} people, ${fmt((100 * seedSize) / options.people, 2)} %), leaning on category ${seedDef.categoryIndex}; lookalike of ${count(size)}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lookalike-'));
  const store = await WorkerCountStore.open(path.join(dir, 'pg-counts'));
  try {
    const baseline = await timedRuns(() => engine.count(REGION, seed), 5);
    const rows: string[][] = [];
    let shortId = 1_000_000;
    for (const model of ['index', 'random'] as const) {
      for (let run = 0; run < 2; run++) {
        const id = shortId++;
        const t1 = performance.now();
        const { build, parts } = await engine.lookalike(REGION, { seed, model, holdoutShare: 0.2, randomSeed: `bench:${run}` }, size, id);
        const scored = performance.now() - t1;
        await store.storeChunks(REGION, 'segment', id, parts);
        const total = performance.now() - t1;
        const kept = await engine.count(REGION, rule([id]));
        if (kept !== size || build.size !== size) throw new Error(`The lookalike has ${kept} people, ${size} were asked`);
        const overlapSeed = await engine.count(REGION, rule([id], [seedDef.shortId]));
        if (overlapSeed !== 0) throw new Error(`${overlapSeed} seed people are in the lookalike`);
        const { lift, recall } = lookalikeLift(build.holdout, build.recovered, build.size, build.candidates);
        rows.push([`${model} #${run + 1}`, ms(scored), ms(total - scored), ms(total), fmt(recall * 100, 1), fmt(lift, 2)]);
      }
    }
    const header = ['model', 'workers ms', 'store ms', 'total ms', 'recall %', 'lift'];
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => '  ' + cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
    console.log(line(header));
    for (const r of rows) console.log(line(r));
    console.log(`  baseline, one count of the seed in the same run: ${ms(baseline.median)} ms (median of 5)`);
    const best = Math.min(...rows.filter((r) => r[0]!.startsWith('index')).map((r) => Number(r[3]!.replace(/,/g, ''))));
    console.log(`  target <= 10 s for the lookalike: ${best <= 10_000 ? 'met' : 'MISSED'} (${fmt(best / 1000, 2)} s)`);
  } finally {
    await store.close();
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- (b) intersections ---------------------------------------------------------------------

/** A random set of about `share` of the people, sorted (geometric skips: the cost is its members). */
function randomSet(people: number, share: number, random: Random): RoaringBitmap32 {
  const bitmap = new RoaringBitmap32();
  const logQ = Math.log1p(-share);
  const page = new Uint32Array(1 << 20);
  let n = 0;
  for (let i = Math.floor(Math.log(random.nextOpen()) / logQ); i < people; i += 1 + Math.floor(Math.log(random.nextOpen()) / logQ)) {
    page[n++] = i;
    if (n === page.length) {
      bitmap.addMany(page);
      n = 0;
    }
  }
  bitmap.addMany(page.subarray(0, n));
  bitmap.runOptimize();
  return bitmap;
}

async function intersectionsBench() {
  console.log(`\n(b) Every intersection of four audiences at ${count(OVERLAP_PEOPLE)} people, ${WORKERS} workers`);
  const engine = new BitmapEngine(120_000, WORKERS);
  try {
    await engine.begin(REGION, OVERLAP_PEOPLE);
    const shares = [0.3, 0.1, 0.05, 0.02, 0.2, 0.15, 0.4, 0.08];
    const random = new Random('bench-intersections');
    const t0 = performance.now();
    for (const [i, share] of shares.entries()) await engine.setBitmap(REGION, 'segment', i + 1, randomSet(OVERLAP_PEOPLE, share, random));
    await engine.commit(REGION, []);
    console.log(`  8 segments of 2 % to 40 % built and loaded in ${fmt((performance.now() - t0) / 1000, 1)} s; engine holds ${fmt((await engine.memory()).bitmapBytes / GB, 2)} GB`);
    const audiences: AudienceRules[] = [
      rule([1, 2]),
      { include: { and: [[5]] }, exclude: [4], values: [] },
      rule([7]),
      rule([8, 3], [1, 6]),
    ];
    const runs = 15;
    const overlap = await timedRuns(() => engine.overlap(REGION, audiences), runs);
    const all = await timedRuns(() => engine.intersections(REGION, audiences), runs);
    const pairs = overlap.answer.pairs;
    for (const { a, b, count: n } of pairs) if (all.answer.all[(1 << a) | (1 << b)] !== n) throw new Error(`The intersections and the overlap disagree on ${a}&${b}`);
    console.log(`  sizes ${all.answer.sizes.map(count).join(', ')}; all four: ${count(all.answer.all[15]!)}`);
    console.log(`  pairwise overlap (6 pairs, existing):     ${ms(overlap.median)} ms median of ${runs} (first ${ms(overlap.first)} ms)`);
    console.log(`  every intersection (15, for exclusive):   ${ms(all.median)} ms median of ${runs} (first ${ms(all.first)} ms)`);
    console.log(`  target <= 100 ms: ${all.median <= 100 ? 'met' : 'MISSED'}`);
  } finally {
    await engine.close();
  }
}

await lookalikeBench();
await intersectionsBench();
