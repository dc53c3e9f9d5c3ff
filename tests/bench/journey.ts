/**
 * npm run bench:journey
 *
 * Prints figures (not assertions) for issue 17, in one run:
 *  (a) a 4 brands x 10 stages journey with "Display Transition Data" counted at BENCH_PEOPLE
 *      (default 100M) generated people through 2 bitmap workers, asked by the counts service's own
 *      engineCounts (journey-counts-service.ts): the 40 cells in one counts question and the 36
 *      adjacent pairs as two-stage counts, all at once. Beside it in the same run: the baseline,
 *      the same 76 figures asked one by one; and the ways tried and dropped (each brand's windows
 *      of up to 4 adjacent stages as intersections, and as overlaps). Target: <= 150 ms.
 *      The people are the generator's brand funnel (generator/funnel.ts: each stage mostly inside
 *      the one before), 10 stages per brand, without the catalogue's other segments.
 *      BENCH_JOURNEY_COUNTS=0 skips (a).
 *  (b) the render time of that journey's view in Chromium (BENCH_JOURNEY_RENDER=0 skips it):
 *      see journey-render.ts. Target: <= 300 ms.
 */
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { RoaringBitmap32 } from '../../src/server/engine/bitmap/roaring';
import { DEMO_FUNNEL, type FunnelDefinition } from '../../src/server/engine/generator/funnel';
import { buildCatalog, generateMembers, type GeneratorOptions } from '../../src/server/engine/generator/generator';
import { BitmapEngine } from '../../src/server/engine/runtime/bitmap-engine';
import { engineCounts } from '../../src/server/modules/journeys/journey-counts-service';
import { count, fmt, ms, timedRuns } from './lib';
import { journeyRenderBench } from './journey-render';

const envInt = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(n) || n < 100_000) throw new Error(`${name} wants a whole number of people from 100,000, got '${raw}'`);
  return n;
};
const PEOPLE = envInt('BENCH_PEOPLE', 100_000_000);
const WORKERS = 2;
const REGION = 1;
const RUNS = 15;
const TARGET_MS = 150;
const GB = 1e9;

const rule = (...groups: number[][]): AudienceRules => ({ include: { and: groups }, exclude: [], values: [] });

/** The demo's four brands over ten stages, each keeping about three quarters of the stage before. */
const FUNNEL: FunnelDefinition = {
  ...DEMO_FUNNEL,
  label: 'Bench Funnel',
  stages: Array.from({ length: 10 }, (_, i) => ({ name: `Stage ${i + 1}`, conversion: i === 0 ? 1 : 0.75 })),
  modeled: false,
};

async function countsBench() {
  console.log(`\n(a) Counts of a 4 brands x 10 stages journey with transitions at ${count(PEOPLE)} people, ${WORKERS} workers`);
  const options: GeneratorOptions = { people: PEOPLE, segments: 0, seed: 'bench-journey', funnel: FUNNEL };
  const catalog = buildCatalog(options);
  const engine = new BitmapEngine(120_000, WORKERS);
  try {
    await engine.begin(REGION, PEOPLE);
    const t0 = performance.now();
    let generating = 0;
    let t = performance.now();
    for (const set of generateMembers(options, catalog)) {
      if (set.kind !== 'segment') continue;
      generating += performance.now() - t;
      const bitmap = new RoaringBitmap32(set.members);
      bitmap.runOptimize();
      await engine.setBitmap(REGION, 'segment', set.segment.shortId, bitmap);
      t = performance.now();
    }
    await engine.commit(REGION, []);
    const loaded = performance.now() - t0;
    console.log(`  40 funnel segments generated in ${fmt(generating / 1000, 1)} s, all loaded in ${fmt(loaded / 1000, 1)} s; engine holds ${fmt((await engine.memory()).bitmapBytes / GB, 2)} GB`);

    // Brand by brand, stage by stage: the journey's cells.
    const cells = FUNNEL.brands.map((_, b) => catalog.segments.filter((s) => s.funnel?.brand === b).sort((x, y) => x.funnel!.stage - y.funnel!.stage).map((s) => s.shortId));
    const ids = cells.flat();

    // As journey-counts-service asks: its own engineCounts.
    const asService = async () => {
      const answer = await engineCounts(engine, REGION, cells, true);
      return { sizes: Object.fromEntries([...answer.sizes].map(([id, n]) => [String(id), n])), pairs: answer.pairs };
    };
    // Dropped (decision 013): each brand's windows of up to 4 adjacent stages sharing their end stage, as intersections.
    const windowsOf = (segments: readonly number[]) => {
      const windows: number[][] = [];
      for (let start = 0; start < segments.length - 1; start += 3) windows.push(segments.slice(start, start + 4).map((_, i) => start + i));
      return windows;
    };
    const windowIntersections = () =>
      Promise.all(cells.flatMap((segments) => windowsOf(segments).map((window) => engine.intersections(REGION, window.map((i) => rule([segments[i]!]))))));
    // The baseline: the same 76 figures, one question at a time.
    const oneByOne = async () => {
      const sizes: Record<string, number> = {};
      for (const id of ids) sizes[String(id)] = await engine.count(REGION, rule([id]));
      const pairs: Map<number, number>[] = [];
      for (const segments of cells) {
        const both = new Map<number, number>();
        for (let i = 0; i < segments.length - 1; i++) both.set(i, await engine.count(REGION, rule([segments[i]!], [segments[i + 1]!])));
        pairs.push(both);
      }
      return { sizes, pairs };
    };

    // Its counts question alone, and the dropped windows as overlaps (pairs by andCardinality, nothing built).
    const countsOnly = () => engine.counts(REGION, { matched: Object.fromEntries(ids.map((id) => [String(id), [id]])), modeled: {}, focusMatched: [], focusModeled: [], groups: [] });
    const windowOverlaps = () => Promise.all(cells.flatMap((segments) => windowsOf(segments).map((window) => engine.overlap(REGION, window.map((i) => rule([segments[i]!]))))));

    const service = await timedRuns(asService, RUNS);
    const parts = { counts: await timedRuns(countsOnly, RUNS), intersections: await timedRuns(windowIntersections, RUNS), overlaps: await timedRuns(windowOverlaps, RUNS) };
    const baseline = await timedRuns(oneByOne, 5);
    const windows = cells.reduce((n, segments) => n + windowsOf(segments).length, 0);
    const pairCount = service.answer.pairs.reduce((n, m) => n + m.size, 0);
    if (pairCount !== 36) throw new Error(`The service's questions gave ${pairCount} adjacent pairs, not 36`);
    for (const [b, both] of service.answer.pairs.entries()) {
      for (const [i, n] of both) if (baseline.answer.pairs[b]!.get(i) !== n) throw new Error(`brand ${b} stages ${i}-${i + 1}: ${n} shared people, one by one ${baseline.answer.pairs[b]!.get(i)}`);
    }
    for (const id of ids) if (service.answer.sizes[String(id)] !== baseline.answer.sizes[String(id)]) throw new Error(`segment ${id}: the counts disagree`);

    for (const [b, segments] of cells.entries()) {
      const sizes = segments.map((id) => service.answer.sizes[String(id)]!);
      const shares = segments.slice(0, -1).map((_, i) => service.answer.pairs[b]!.get(i)! / sizes[i]!);
      console.log(`  ${FUNNEL.brands[b]!.name.padEnd(15)} ${sizes.map((n) => fmt((100 * n) / PEOPLE, 1).padStart(4)).join(' ')} % of people; transitions ${shares.map((s) => fmt(100 * s, 0)).join(' ')} %`);
    }
    console.log(`  as the counts service asks (one counts question + 36 two-stage counts, at once): ${ms(service.median)} ms median of ${RUNS} (first ${ms(service.first)} ms)`);
    console.log(`    the 40 cells' counts question alone: ${ms(parts.counts.median)} ms`);
    console.log(`  dropped: the ${windows} windows of <= 4 stages as intersections, at once: ${ms(parts.intersections.median)} ms median of ${RUNS}; as overlaps: ${ms(parts.overlaps.median)} ms`);
    console.log(`  baseline, the same 76 figures one by one (40 counts + 36 two-stage counts): ${ms(baseline.median)} ms median of 5 (first ${ms(baseline.first)} ms)`);
    console.log(`  ratio to the baseline (one by one / the service's way): ${fmt(baseline.median / service.median, 2)}x; windows as intersections / the service's way: ${fmt(parts.intersections.median / service.median, 2)}x`);
    console.log(`  target <= ${TARGET_MS} ms at ${count(PEOPLE)} people: ${service.median <= TARGET_MS ? 'met' : 'MISSED'}`);
  } finally {
    await engine.close();
  }
}

if (process.env.BENCH_JOURNEY_COUNTS !== '0') await countsBench();
if (process.env.BENCH_JOURNEY_RENDER !== '0') await journeyRenderBench();
