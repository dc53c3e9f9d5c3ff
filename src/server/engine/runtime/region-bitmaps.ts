import { RoaringBitmap32 } from '../bitmap/roaring';
import { DenseScratch, heldBytes } from '../bitmap/dense';
import { chunksToPortable, idsToChunks } from '../bitmap/portable';
import { audienceSet, countRule, countsQuestion, everyoneCounts, intersections, overlap, questionAudience, ruleCounts, widgetCounts, type BitmapSource } from '../bitmap/bitmap-questions';
import { Kernels } from '../kernels/kernels';
import { histograms, seedCounts, take } from './lookalike';
import type { KeptSet, WorkerAnswers, WorkerRequest } from './protocol';
import { ValueCodes } from './value-codes';

/** Bytes of unions a region keeps for reuse; the oldest go first past this. */
export const UNION_CACHE_BYTES = 256 * 1024 * 1024;

/** One client region's people as bitmaps: what the worker holds and answers from. */
export class RegionBitmaps implements BitmapSource {
  readonly segments = new Map<number, RoaringBitmap32>();
  readonly attributes = new Map<number, RoaringBitmap32>();
  private readonly unions = new Map<string, { bitmap: RoaringBitmap32; bytes: number }>();
  private unionBytes = 0;
  /** Where a question's short-lived dense sets go (the worker's, shared by its regions). */
  readonly scratch?: DenseScratch;
  /**
   * Where lasting dense copies (kept unions) are made: apart from `scratch`, whose copy (the
   * focus) is still in use while a union is built and kept.
   */
  readonly keeper?: DenseScratch;
  codes: ValueCodes | null = null;
  constructor(
    readonly people: number,
    private readonly unionBudget = UNION_CACHE_BYTES,
    dense: { scratch?: DenseScratch; keeper?: DenseScratch } = {},
  ) {
    this.scratch = dense.scratch;
    this.keeper = dense.keeper;
  }
  segment(id: number) {
    return this.segments.get(id);
  }
  attribute(id: number) {
    return this.attributes.get(id);
  }
  /** Keeps `bitmap` as segment `id` (replacing any), and forgets every kept union (one may hold the old set). */
  putSegment(id: number, bitmap: RoaringBitmap32) {
    this.segments.set(id, bitmap);
    this.forgetUnions();
  }

  /** Forgets segment `id`; false when it had none. */
  dropSegment(id: number): boolean {
    const had = this.segments.delete(id);
    if (had) this.forgetUnions();
    return had;
  }

  private forgetUnions() {
    this.unions.clear();
    this.unionBytes = 0;
  }

  /** Unions of OR-groups, kept (most recently used last) within the byte budget. */
  union(key: string, build: () => RoaringBitmap32): RoaringBitmap32 {
    const hit = this.unions.get(key);
    if (hit) {
      this.unions.delete(key);
      this.unions.set(key, hit);
      return hit.bitmap;
    }
    if (this.unionBudget === 0) return build();
    // Dense chunks as bitsets (where the worker's keeper is at hand): a union is counted within many focuses.
    const built = build();
    const bitmap = (this.keeper ? this.keeper.keep(built) : built).freeze();
    const bytes = heldBytes(bitmap);
    if (bytes > this.unionBudget) return bitmap;
    this.unions.set(key, { bitmap, bytes });
    this.unionBytes += bytes;
    for (const [oldest, entry] of this.unions) {
      if (this.unionBytes <= this.unionBudget) break;
      this.unions.delete(oldest);
      this.unionBytes -= entry.bytes;
    }
    return bitmap;
  }
}

/** What one bitmap worker holds (every loaded region's range of people) and how it answers a message. */
export class BitmapStore {
  private readonly live = new Map<number, RegionBitmaps>();
  private readonly staging = new Map<number, RegionBitmaps>();
  /** The worker answers one question at a time, so one scratch (and keeper) serves every region. */
  private readonly scratch: DenseScratch;
  private readonly keeper: DenseScratch;
  /** @param kernels the compiled kernels (kernelModule()); each region's codes get an instance */
  constructor(private readonly kernels: WebAssembly.Module) {
    this.scratch = new DenseScratch(Kernels.instantiate(kernels));
    this.keeper = new DenseScratch(Kernels.instantiate(kernels));
  }

  private region(id: number): RegionBitmaps {
    const region = this.live.get(id);
    if (!region) throw new RangeError(`Client region ${id} is not loaded`);
    return region;
  }

  private keepSegment(region: RegionBitmaps, shortId: number, ids: Uint32Array): KeptSet {
    return keepSegmentIn(this.keeper, region, shortId, ids);
  }

  handle(request: WorkerRequest): WorkerAnswers[WorkerRequest['type']] {
    switch (request.type) {
      case 'begin':
        this.staging.set(request.region, new RegionBitmaps(request.people, UNION_CACHE_BYTES, { scratch: this.scratch, keeper: this.keeper }));
        return null;
      case 'set':
      case 'set-portable': {
        const region = this.staging.get(request.region);
        if (!region) throw new RangeError(`No load begun for client region ${request.region}`);
        const portable = request.type === 'set' ? chunksToPortable(request.chunks, request.bits) : request.portable;
        const bitmap = RoaringBitmap32.deserialize(portable, 'portable');
        bitmap.runOptimize();
        bitmap.shrinkToFit();
        (request.kind === 'segment' ? region.segments : region.attributes).set(request.id, this.keeper.keep(bitmap));
        return null;
      }
      case 'commit': {
        const region = this.staging.get(request.region);
        if (!region) throw new RangeError(`No load begun for client region ${request.region}`);
        region.codes = codesFor(region, request.categories, this.kernels);
        this.live.set(request.region, region);
        this.staging.delete(request.region);
        return null;
      }
      case 'count':
        return countRule(this.region(request.region), request.rules);
      case 'counts':
        return countsQuestion(this.region(request.region), request.question);
      case 'widget': {
        const region = this.region(request.region);
        // Everyone: the shards' people add up to the region's, which the engine sets as the audience.
        if (!request.rules) return { audienceCount: 0, people: region.people, values: everyoneCounts(region, request.attributeIds) };
        const audience = questionAudience(region, request.rules);
        return { audienceCount: audience.size, people: region.people, values: widgetCounts(region, audience, request.attributeIds) };
      }
      case 'rule-counts':
        return ruleCounts(this.region(request.region), request.rules);
      case 'overlap': {
        const region = this.region(request.region);
        return overlap(request.audiences.map((rules) => audienceSet(region, rules)));
      }
      case 'intersections': {
        const region = this.region(request.region);
        return intersections(request.audiences.map((rules) => audienceSet(region, rules)), region.people);
      }
      case 'lookalike-counts':
        return seedCounts(this.region(request.region), request.spec);
      case 'lookalike-histograms':
        return histograms(this.region(request.region), request.spec, request.shard, request.models);
      case 'lookalike-take': {
        const region = this.region(request.region);
        const { recovered, chosen } = take(region, request.spec, request.shard, request.models, request.cuts);
        return { recovered, ...this.keepSegment(region, request.shortId, chosen) };
      }
      case 'materialize': {
        const region = this.region(request.region);
        return this.keepSegment(region, request.shortId, audienceSet(region, request.rules).toUint32Array());
      }
      case 'drop-set':
        return this.live.get(request.region)?.dropSegment(request.shortId) ?? false;
      case 'memory': {
        const regions = [...this.live.entries()].map(([region, r]) => ({ region, people: r.people, segments: r.segments.size, attributes: r.attributes.size }));
        let bitmapBytes = 0;
        let bitmaps = 0;
        let codeBytes = 0;
        for (const r of this.live.values()) {
          codeBytes += r.codes?.bytes ?? 0;
          for (const b of [...r.segments.values(), ...r.attributes.values()]) {
            bitmapBytes += heldBytes(b);
            bitmaps++;
          }
        }
        return { bitmapBytes, bitmaps, codeBytes, regions };
      }
    }
  }
}

/** Keeps sorted `ids` as a region's segment (dense, as loaded sets are) and answers its stored chunks. */
function keepSegmentIn(keeper: DenseScratch, region: RegionBitmaps, shortId: number, ids: Uint32Array): KeptSet {
  const bitmap = new RoaringBitmap32(ids);
  bitmap.runOptimize();
  bitmap.shrinkToFit();
  region.putSegment(shortId, keeper.keep(bitmap));
  return { size: ids.length, ...idsToChunks(ids) };
}

/** Codes for the people this worker holds of a region: from its first to its last person in any set. */
function codesFor(region: RegionBitmaps, categories: readonly (readonly number[])[], kernels: WebAssembly.Module): ValueCodes | null {
  let first = Infinity;
  let last = -1;
  for (const bitmap of [...region.segments.values(), ...region.attributes.values()]) {
    if (bitmap.isEmpty) continue;
    first = Math.min(first, bitmap.minimum());
    last = Math.max(last, bitmap.maximum());
  }
  if (last < 0) return null;
  return ValueCodes.build(Kernels.instantiate(kernels), region.attributes, categories, first, last);
}
