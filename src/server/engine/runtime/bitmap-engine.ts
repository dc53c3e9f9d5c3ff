import { Worker } from 'node:worker_threads';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { addCounts, addIntersections, addOverlap, addRuleCounts, addWidget } from '../answers';
import type { RoaringBitmap32 } from '../bitmap/roaring';
import { checkIntersected, TimeLimitError, type CountEngine, type LookalikeBuild, type CountsQuestion } from '../questions';
import { CHUNK_BITS } from '../sql/chunk-codec';
import type { SetChunks } from '../sql/count-store';
import { addSeedCounts, cutOf, fitModels, splitQuota, type LookalikeSpec, type ShardPeople } from './lookalike';
import type { MemoryAnswer, WorkerAnswers, WorkerReply, WorkerRequest } from './protocol';
import { threadUrl } from '../../lib/thread-code';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

/** A phase of building a kept set (a lookalike) may take this many question time limits. */
export const KEPT_SET_LIMITS = 4;

/** The shard (worker) that holds a chunk: contiguous ranges of chunks, as even as they come. */
export function shardOf(chunk: number, chunks: number, shards: number): number {
  return Math.min(shards - 1, Math.floor((chunk * shards) / Math.max(1, chunks)));
}

/**
 * The `molecula` data source: roaring bitmaps held in worker threads, so counting never
 * blocks the API's event loop. Each of `shards` workers holds a contiguous range of every
 * region's people (whole 65,536-person chunks); a question goes to all of them and their
 * answers add up. Questions queue in each worker one at a time. A question that runs past the
 * time limit is stopped by terminating the workers; `onRestart` is told so the owner can load
 * the data again.
 */
export class BitmapEngine implements CountEngine {
  private workers: Worker[] = [];
  private readonly pending = new Map<number, Pending>();
  private readonly people = new Map<number, number>();
  private nextId = 1;
  onRestart: (() => void) | null = null;

  constructor(
    private readonly timeLimitMs: number,
    readonly shards = 1,
  ) {
    if (!Number.isInteger(shards) || shards < 1) throw new RangeError(`shards must be a positive whole number, got ${shards}`);
    this.spawn();
  }

  private spawn() {
    this.workers = Array.from({ length: this.shards }, () => {
      const worker = new Worker(threadUrl('engine-worker'));
      worker.unref();
      worker.on('message', (reply: WorkerReply) => {
        const pending = this.pending.get(reply.id);
        if (!pending) return;
        this.pending.delete(reply.id);
        if (reply.ok) pending.resolve(reply.result);
        else pending.reject(new Error(reply.message));
      });
      worker.on('error', (err) => this.failAll(err));
      worker.on('exit', (code) => {
        if (this.pending.size && this.workers.includes(worker)) this.failAll(new Error(`The count engine's worker stopped (exit code ${code})`));
      });
      return worker;
    });
  }

  private failAll(err: Error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }

  /** Stops the workers (and whatever they were doing) and starts empty ones. */
  private async restart(reason: Error) {
    const old = this.workers;
    this.failAll(reason);
    this.people.clear();
    this.spawn();
    await Promise.all(old.map((w) => w.terminate()));
    this.onRestart?.();
  }

  private askOne<T extends WorkerRequest['type']>(shard: number, request: Extract<WorkerRequest, { type: T }>, transfer: ArrayBuffer[] = []): Promise<WorkerAnswers[T]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.workers[shard]!.postMessage({ id, request }, transfer);
    });
  }

  private askAll<T extends WorkerRequest['type']>(request: Extract<WorkerRequest, { type: T }>): Promise<WorkerAnswers[T][]> {
    return Promise.all(this.workers.map((_, shard) => this.askOne(shard, request)));
  }

  /** A question to every shard, summed; past the time limit the workers are stopped. */
  private async question<T extends 'count' | 'counts' | 'widget' | 'rule-counts' | 'overlap' | 'intersections'>(request: Extract<WorkerRequest, { type: T }>, add: (a: WorkerAnswers[T], b: WorkerAnswers[T]) => WorkerAnswers[T]): Promise<WorkerAnswers[T]> {
    const parts = await this.limited(this.askAll(request));
    return parts.reduce(add);
  }

  /** Work of the workers, within the time limit (or `limitMs`): past it the workers are stopped (and replaced). */
  private async limited<T>(work: Promise<T>, limitMs = this.timeLimitMs): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new TimeLimitError(limitMs);
        reject(err);
        void this.restart(err);
      }, limitMs);
    });
    try {
      return await Promise.race([work, limit]);
    } finally {
      clearTimeout(timer);
      work.catch(() => undefined);
    }
  }

  /**
   * A request per shard (each its own people), for building a kept set: each phase within
   * KEPT_SET_LIMITS time limits (a phase scans all of a shard's people: ~0.3 s per 5M here, so
   * ~3 s at 100M people, more on a loaded machine; past it the workers restart and reload).
   */
  private perShard<T extends WorkerRequest['type']>(region: number, request: (shard: number, people: ShardPeople) => Extract<WorkerRequest, { type: T }>): Promise<WorkerAnswers[T][]> {
    const people = this.people.get(region) ?? 0;
    return this.limited(
      Promise.all(
        this.shardRanges(region).map(({ from, to }, shard) =>
          this.askOne(shard, request(shard, { lo: Math.min(people, from * CHUNK_BITS), hi: Math.min(people, to * CHUNK_BITS) })),
        ),
      ),
      this.timeLimitMs * KEPT_SET_LIMITS,
    );
  }

  // ---- loading ---------------------------------------------------------------------------

  begin(region: number, people: number) {
    this.people.set(region, people);
    return this.askAll({ type: 'begin', region, people });
  }

  private chunksOf(region: number): number {
    return Math.ceil((this.people.get(region) ?? 0) / CHUNK_BITS);
  }

  /**
   * The chunks each shard holds, [from, to): whole chunks, contiguous, as even as they come
   * (the ranges shardOf gives; the last shard also takes any chunk past the region's people).
   */
  shardRanges(region: number): { from: number; to: number }[] {
    const total = this.chunksOf(region);
    return this.workers.map((_, shard) => ({
      from: Math.ceil((shard * total) / this.shards),
      to: shard === this.shards - 1 ? 2 ** 31 - 1 : Math.ceil(((shard + 1) * total) / this.shards),
    }));
  }

  /**
   * Hands one set to the workers as its stored chunks (numbers, and CHUNK_BYTES each of bits),
   * `parts[s]` being shard s's range (shardRanges); the workers build the bitmaps. The bytes
   * move, they are not copied: this thread only passes them on.
   */
  async set(region: number, kind: 'segment' | 'attribute', id: number, parts: { chunks: Int32Array; bits: Uint8Array }[]) {
    if (parts.length !== this.shards) throw new RangeError(`A set comes in ${this.shards} parts, one per shard; got ${parts.length}`);
    await Promise.all(parts.map(({ chunks, bits }, shard) =>
      this.askOne(shard, { type: 'set', region, kind, id, chunks, bits }, [chunks.buffer as ArrayBuffer, bits.buffer as ArrayBuffer])));
  }

  /** Hands one bitmap to the workers, each its range of people (a cache, or the benchmark's generated sets). */
  async setBitmap(region: number, kind: 'segment' | 'attribute', id: number, bitmap: RoaringBitmap32) {
    const total = this.chunksOf(region);
    await Promise.all(this.workers.map((_, shard) => {
      let part = bitmap;
      if (this.shards > 1) {
        // Chunk c holds people c*65,536 ..; shard s holds the chunks shardOf puts there.
        const first = Math.ceil((shard * total) / this.shards);
        const end = Math.ceil(((shard + 1) * total) / this.shards);
        part = bitmap.clone();
        if (first > 0) part.removeRange(0, first * CHUNK_BITS);
        if (shard < this.shards - 1) part.removeRange(end * CHUNK_BITS, 2 ** 32);
      }
      const portable = part.serialize('portable');
      const own = new Uint8Array(portable.byteLength);
      own.set(portable);
      return this.askOne(shard, { type: 'set-portable', region, kind, id, portable: own }, [own.buffer]);
    }));
  }

  /** Ends a load; `categories` lists each category's value ids, so exclusive ones are coded. */
  commit(region: number, categories: number[][] = []) {
    return this.askAll({ type: 'commit', region, categories });
  }
  async memory(): Promise<MemoryAnswer> {
    const parts = await this.askAll({ type: 'memory' });
    return {
      bitmapBytes: parts.reduce((n, p) => n + p.bitmapBytes, 0),
      bitmaps: parts.reduce((n, p) => n + p.bitmaps, 0),
      codeBytes: parts.reduce((n, p) => n + p.codeBytes, 0),
      regions: parts[0]?.regions ?? [],
    };
  }

  // ---- questions -------------------------------------------------------------------------

  count(region: number, rules: AudienceRules) {
    return this.question({ type: 'count', region, rules }, (a, b) => a + b);
  }
  counts(region: number, question: CountsQuestion) {
    return this.question({ type: 'counts', region, question }, addCounts);
  }
  async widget(region: number, rules: AudienceRules | null, attributeIds: number[]) {
    const answer = await this.question({ type: 'widget', region, rules, attributeIds }, addWidget);
    return rules ? answer : { ...answer, audienceCount: answer.people };
  }
  ruleCounts(region: number, rules: AudienceRules) {
    return this.question({ type: 'rule-counts', region, rules }, addRuleCounts);
  }
  overlap(region: number, audiences: AudienceRules[]) {
    return this.question({ type: 'overlap', region, audiences }, addOverlap);
  }
  async intersections(region: number, audiences: AudienceRules[]) {
    checkIntersected(audiences.length);
    return this.question({ type: 'intersections', region, audiences }, addIntersections);
  }

  // ---- kept sets (lookalikes, motivation audiences) ------------------------------------------

  /**
   * Builds a lookalike of `spec.seed` of exactly `size` people outside it, in the workers (the
   * three phases of runtime/lookalike.ts; this thread only adds counts and finds cuts), and keeps
   * it in each worker as segment `shortId`. Answers the measurement and each shard's chunks of
   * the set (shard order), for the count store.
   */
  async lookalike(region: number, spec: LookalikeSpec, size: number, shortId: number): Promise<{ build: LookalikeBuild; parts: SetChunks[] }> {
    const people = this.people.get(region);
    if (people === undefined) throw new RangeError(`Client region ${region} is not loaded`);
    if (!Number.isInteger(size) || size < 0) throw new RangeError(`A lookalike's size is a whole number, got ${size}`);
    const counts = addSeedCounts(await this.perShard(region, () => ({ type: 'lookalike-counts', region, spec })));
    if (size > people - counts.seed) throw new RangeError(`The region has ${people - counts.seed} people outside the seed; a lookalike of ${size} was asked`);
    const models = fitModels(counts, people, spec.model);
    const hists = await this.perShard(region, (_, shard) => ({ type: 'lookalike-histograms', region, spec, shard, models }));
    const cuts = ([0, 1] as const).map((m) => {
      const cut = cutOf(hists.map((h) => h[m]), size);
      return { bin: cut.bin, quotas: splitQuota(cut.take, hists.map((h) => h[m][cut.bin]!)) };
    });
    const taken = await this.perShard(region, (shard, people) => ({
      type: 'lookalike-take',
      region,
      spec,
      shard: people,
      models,
      shortId,
      cuts: [
        { bin: cuts[0]!.bin, quota: cuts[0]!.quotas[shard]! },
        { bin: cuts[1]!.bin, quota: cuts[1]!.quotas[shard]! },
      ],
    }));
    const holdout = counts.seed - counts.train;
    return {
      build: {
        size: taken.reduce((n, t) => n + t.size, 0),
        seedSize: counts.seed,
        candidates: people - counts.train,
        holdout,
        recovered: taken.reduce((n, t) => n + t.recovered, 0),
      },
      parts: taken.map(({ chunks, bits }) => ({ chunks, bits })),
    };
  }

  /** Keeps a rule's people as segment `shortId` in each worker; answers its size and each shard's chunks. */
  async materialize(region: number, rules: AudienceRules, shortId: number): Promise<{ size: number; parts: SetChunks[] }> {
    const kept = await this.perShard(region, () => ({ type: 'materialize', region, rules, shortId }));
    return { size: kept.reduce((n, k) => n + k.size, 0), parts: kept.map(({ chunks, bits }) => ({ chunks, bits })) };
  }

  /** Forgets segment `shortId` in each worker (where the region is loaded). */
  async dropSet(region: number, shortId: number): Promise<void> {
    await this.askAll({ type: 'drop-set', region, shortId });
  }

  async close() {
    this.onRestart = null;
    this.failAll(new Error('The count engine stopped'));
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
