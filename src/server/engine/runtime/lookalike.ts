import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceSet, type BitmapSource } from '../bitmap/bitmap-questions';
import { RoaringBitmap32 } from '../bitmap/roaring';
import { hashString } from '../generator/random';

/**
 * The lookalike model (issue 16), in three phases over the bitmap shards:
 *  1. each shard counts, per coded demographic value, the seed's people and the training part's
 *     (the seed less a deterministic 20 % held out) — `seedCounts`;
 *  2. the API thread adds them up and fits two models (`fitModels`): one on the training part,
 *     to measure how many held-out people a lookalike recovers, one on the whole seed, the
 *     lookalike delivered. Each shard answers a histogram of its candidates' quantised scores
 *     under each model (`histograms`), from which the API thread finds the exact cut giving
 *     `size` people (`cutOf`), splitting the people of the cut's bin between shards (`splitQuota`);
 *  3. each shard takes its people (`take`): the count of recovered held-out people, and the
 *     delivered set.
 * The score of a person is the sum over categories of the log-index of their value:
 * ln(seed share / region share), Laplace-smoothed. Ties (people of one quantised score) are
 * broken by a hash of the person id, so the same request gives the same people.
 */

/** What every phase is asked about. */
export interface LookalikeSpec {
  seed: AudienceRules;
  model: 'index' | 'random';
  /** Share of the seed held out to measure the model (0..0.9). */
  holdoutShare: number;
  /** Salts the hold-out, the ties and the random model. */
  randomSeed: string;
}

/** One shard's phase-1 answer: the seed's and the training part's people per coded value. */
export interface SeedCounts {
  seed: number;
  train: number;
  categories: { values: number[]; seed: number[]; train: number[]; size: number[] }[];
}

/** Quantised scores: a person's bin is (Σ points of their values) - offset, in 0..bins-1; or a hash for the random model. */
export type ScoreModel = { kind: 'index'; points: [number, number][]; offset: number; bins: number } | { kind: 'random'; bins: number };

/** Where a shard cuts: every candidate in a higher bin, and `quota` of those in `bin` (by tie hash). */
export interface Cut {
  bin: number;
  quota: number;
}

/** The two models of a build: [0] fitted on the training part (measured), [1] on the whole seed (delivered). */
export type ModelPair = [ScoreModel, ScoreModel];

/** Laplace smoothing of the shares. */
export const SMOOTHING = 1;
/** Bins of a score histogram (2^20: 4 MB a histogram). */
export const SCORE_BINS = 1 << 20;
/** Points per unit of log-index at most (quantisation step 1/256). */
const MAX_SCALE = 256;

/** A 32-bit mix of a person id and a salt (murmur3's finaliser). */
export function mix(id: number, salt: number): number {
  let h = (Math.imul(id ^ salt, 0x9e3779b1) ^ salt) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function salts(randomSeed: string) {
  return { holdout: hashString(`${randomSeed}:holdout`), tie: hashString(`${randomSeed}:tie`), random: hashString(`${randomSeed}:random`) };
}

/** Whether a seed person is held out. */
export function heldOut(id: number, holdoutSalt: number, share: number): boolean {
  return mix(id, holdoutSalt) < share * 2 ** 32;
}

/** The people this shard holds: ids lo..hi-1. */
export interface ShardPeople {
  lo: number;
  hi: number;
}

/** What the phases read of a region: its sets, and its value codes (runtime/value-codes.ts). */
export interface LookalikeSource extends BitmapSource {
  codes: (BitmapSource['codes'] & {
    categoryValues(): number[][];
    scoreTable(points: ReadonlyMap<number, number>): Int32Array;
    scoreRows(table: Int32Array, from: number, n: number, out: Int32Array): void;
    counts(audience: RoaringBitmap32, attributeIds: readonly number[]): Map<number, number>;
  }) | null;
}

/** The seed's members (sorted) and which are held out. */
function seedOf(source: LookalikeSource, spec: LookalikeSpec) {
  const seed = audienceSet(source, spec.seed).toUint32Array();
  const salt = salts(spec.randomSeed).holdout;
  const held = new Uint8Array(seed.length);
  for (let i = 0; i < seed.length; i++) held[i] = heldOut(seed[i]!, salt, spec.holdoutShare) ? 1 : 0;
  return { seed, held };
}

/** Phase 1 on one shard. */
export function seedCounts(source: LookalikeSource, spec: LookalikeSpec): SeedCounts {
  const { seed, held } = seedOf(source, spec);
  const train = new RoaringBitmap32(seed.filter((_, i) => held[i] === 0));
  const codes = source.codes;
  if (!codes) return { seed: seed.length, train: train.size, categories: [] };
  const categories = codes.categoryValues();
  const ids = categories.flat();
  const seedSet = new RoaringBitmap32(seed);
  const inSeed = codes.counts(seedSet, ids);
  const inTrain = codes.counts(train, ids);
  return {
    seed: seed.length,
    train: train.size,
    categories: categories.map((values) => ({
      values,
      seed: values.map((id) => inSeed.get(id) ?? 0),
      train: values.map((id) => inTrain.get(id) ?? 0),
      size: values.map((id) => source.attribute(id)?.size ?? 0),
    })),
  };
}

/** The shards' phase-1 answers added up: only the categories every shard coded. */
export function addSeedCounts(parts: readonly SeedCounts[]): SeedCounts {
  const key = (values: readonly number[]) => values.join(',');
  const common = parts.slice(1).reduce((keys, p) => keys.filter((k) => p.categories.some((c) => key(c.values) === k)), parts[0]?.categories.map((c) => key(c.values)) ?? []);
  return {
    seed: parts.reduce((n, p) => n + p.seed, 0),
    train: parts.reduce((n, p) => n + p.train, 0),
    categories: common.map((k) => {
      const found = parts.map((p) => p.categories.find((c) => key(c.values) === k)!);
      const sum = (field: 'seed' | 'train' | 'size') => found[0]![field].map((_, i) => found.reduce((n, c) => n + c[field][i]!, 0));
      return { values: found[0]!.values, seed: sum('seed'), train: sum('train'), size: sum('size') };
    }),
  };
}

/** ln of a value's smoothed share in the seed over its smoothed share in the region. */
export function logIndex(inSeed: number, seed: number, size: number, people: number, values: number, a = SMOOTHING): number {
  return Math.log((inSeed + a) / (seed + a * values) / ((size + a) / (people + a * values)));
}

/** A model of points per value from the seed's (or training part's) counts, quantised so every score fits SCORE_BINS. */
export function indexModel(counts: SeedCounts, which: 'seed' | 'train', people: number): ScoreModel {
  const seed = which === 'seed' ? counts.seed : counts.train;
  const indexes = counts.categories.map((c) => c.values.map((_, i) => logIndex(c[which][i]!, seed, c.size[i]!, people, c.values.length)));
  // A person without a value of a category scores 0 there, so 0 bounds each category's range.
  const range = indexes.reduce((n, li) => n + Math.max(0, ...li) - Math.min(0, ...li), 0);
  const scale = range > 0 ? Math.min(MAX_SCALE, (SCORE_BINS - 1) / range) : MAX_SCALE;
  const points: [number, number][] = [];
  let offset = 0;
  counts.categories.forEach((c, ci) => {
    const q = indexes[ci]!.map((li) => Math.round(li * scale));
    c.values.forEach((id, i) => points.push([id, q[i]!]));
    offset += Math.min(0, ...q);
  });
  return { kind: 'index', points, offset, bins: SCORE_BINS };
}

/** The measured and delivered models of a request. */
export function fitModels(counts: SeedCounts, people: number, model: LookalikeSpec['model']): ModelPair {
  if (model === 'random') return [{ kind: 'random', bins: SCORE_BINS }, { kind: 'random', bins: SCORE_BINS }];
  return [indexModel(counts, 'train', people), indexModel(counts, 'seed', people)];
}

/**
 * Walks a shard's people a page at a time and tells `visit` each candidate of each model: for
 * model 0 (measured) everyone not in the training part, for model 1 (delivered) everyone not in
 * the seed, with their bin and whether they are held out.
 */
function scan(source: LookalikeSource, spec: LookalikeSpec, shard: ShardPeople, models: ModelPair, visit: (model: 0 | 1, id: number, bin: number, held: boolean) => void) {
  const { seed, held } = seedOf(source, spec);
  const salt = salts(spec.randomSeed).random;
  const codes = source.codes;
  const tables = models.map((m) => (m.kind === 'index' && codes ? codes.scoreTable(new Map(m.points)) : null));
  const PAGE = 65_536;
  const scores = [new Int32Array(PAGE), new Int32Array(PAGE)];
  // 0 none, 1 trained on, 2 held out
  const flags = new Uint8Array(PAGE);
  let s = 0;
  while (s < seed.length && seed[s]! < shard.lo) s++;
  for (let from = shard.lo; from < shard.hi; from += PAGE) {
    const n = Math.min(PAGE, shard.hi - from);
    flags.fill(0, 0, n);
    for (; s < seed.length && seed[s]! < from + n; s++) flags[seed[s]! - from] = held[s] ? 2 : 1;
    for (const m of [0, 1] as const) {
      const model = models[m];
      const out = scores[m]!;
      if (model.kind === 'random') {
        const shift = 32 - Math.log2(model.bins);
        for (let i = 0; i < n; i++) out[i] = mix(from + i, salt) >>> shift;
      } else {
        const table = tables[m];
        if (table) codes!.scoreRows(table, from, n, out);
        else out.fill(0, 0, n);
        const last = model.bins - 1;
        for (let i = 0; i < n; i++) {
          const bin = out[i]! - model.offset;
          out[i] = bin < 0 ? 0 : bin > last ? last : bin;
        }
      }
    }
    for (let i = 0; i < n; i++) {
      const flag = flags[i]!;
      if (flag !== 1) visit(0, from + i, scores[0]![i]!, flag === 2);
      if (flag === 0) visit(1, from + i, scores[1]![i]!, false);
    }
  }
}

/** Phase 2 on one shard: each model's histogram of its candidates' bins. */
export function histograms(source: LookalikeSource, spec: LookalikeSpec, shard: ShardPeople, models: ModelPair): [Uint32Array, Uint32Array] {
  const out: [Uint32Array, Uint32Array] = [new Uint32Array(models[0].bins), new Uint32Array(models[1].bins)];
  scan(source, spec, shard, models, (m, _id, bin) => out[m][bin]!++);
  return out;
}

/**
 * The cut giving exactly `size` of the histograms' people (the shards', added bin by bin) from
 * the top: every bin above `bin`, and `take` of the people in `bin`. Only the bins down to the
 * cut are read. Throws when there are fewer candidates than `size`.
 */
export function cutOf(histograms: readonly ArrayLike<number>[], size: number): { bin: number; take: number; above: number } {
  let above = 0;
  const bins = histograms[0]?.length ?? 0;
  for (let bin = bins - 1; bin >= 0; bin--) {
    let here = 0;
    for (const h of histograms) here += h[bin]!;
    if (above + here >= size) return { bin, take: size - above, above };
    above += here;
  }
  throw new RangeError(`Only ${above} candidates for a lookalike of ${size} people`);
}

/** `take` people of the cut's bin split between shards in proportion to theirs there (largest remainder, then by shard order). */
export function splitQuota(take: number, inBin: readonly number[]): number[] {
  const total = inBin.reduce((a, b) => a + b, 0);
  if (take > total) throw new RangeError(`Cannot take ${take} of ${total} people`);
  if (total === 0) return inBin.map(() => 0);
  const exact = inBin.map((n) => (take * n) / total);
  const quota = exact.map(Math.floor);
  let left = take - quota.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    if (quota[i]! < inBin[i]!) {
      quota[i]!++;
      left--;
    }
  }
  return quota;
}

/**
 * Phase 3 on one shard: the held-out people the measured model's cut recovers, and the people of
 * the delivered model's cut (sorted ids). In a cut's bin, the `quota` with the highest tie hash.
 */
export function take(source: LookalikeSource, spec: LookalikeSpec, shard: ShardPeople, models: ModelPair, cuts: [Cut, Cut]): { recovered: number; chosen: Uint32Array } {
  const tie = salts(spec.randomSeed).tie;
  let recovered = 0;
  let chosen = new Uint32Array(1024);
  let count = 0;
  const ties: [number[], number[]] = [[], []];
  const tieHeld: boolean[] = [];
  scan(source, spec, shard, models, (m, id, bin, held) => {
    const cut = cuts[m];
    if (bin < cut.bin) return;
    if (bin === cut.bin) {
      if (cut.quota === 0) return;
      ties[m].push(id);
      if (m === 0) tieHeld.push(held);
      return;
    }
    if (m === 0) {
      if (held) recovered++;
      return;
    }
    if (count === chosen.length) {
      const grown = new Uint32Array(chosen.length * 2);
      grown.set(chosen);
      chosen = grown;
    }
    chosen[count++] = id;
  });
  const best = (ids: number[], quota: number) =>
    ids
      .map((id, i) => ({ i, id, h: mix(id, tie) }))
      .sort((a, b) => b.h - a.h || a.id - b.id)
      .slice(0, quota);
  for (const { i } of best(ties[0], cuts[0].quota)) if (tieHeld[i]) recovered++;
  const extra = best(ties[1], cuts[1].quota).map((t) => t.id);
  const out = new Uint32Array(count + extra.length);
  out.set(chosen.subarray(0, count));
  out.set(extra, count);
  out.sort();
  return { recovered, chosen: out };
}
