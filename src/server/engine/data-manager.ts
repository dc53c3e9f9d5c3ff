import type { FastifyBaseLogger } from 'fastify';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { LOOKALIKE } from '@shared/rules/audience-kinds';
import type { DataSource } from '@shared/schemas/auth';
import type { DataStatus } from '@shared/schemas/insights';
import type { Db } from '../db/client';
import { CountSlots } from './count-slots';
import * as repo from './engine-repository';
import { catalogSeedOf } from './generator/generator';
import { seedPopulation } from './population-seeder';
import type { CountEngine, LookalikeBuild, LookalikeRequest } from './questions';
import { BitmapEngine } from './runtime/bitmap-engine';
import { SETS_PER_READ, type CountStore, type SetChunks } from './sql/count-store';

export interface DataManagerOptions {
  timeLimitMs: number;
  /** Questions the engines work on at once, and of those one user's (the rest wait: count-slots.ts). */
  slots?: { total: number; perUser: number; queuePerUser: number };
  /** Bitmap engine worker threads (shards of each region's people). */
  workers: number;
  /** Make synthetic people for client regions that have none (the demo), at this size. */
  demo: { people: number; segments: number } | null;
}


interface RegionState {
  client: string;
  region: string;
  state: DataStatus['state'];
  progress: number;
  people: number;
  /** The data set is complete in the database (the SQL engine can answer). */
  stored: boolean;
}

/**
 * Owns both data sources and the life of each client region's data: generated (the demo, in
 * the background), stored in the count store, then loaded into the bitmap worker, one region
 * after the other, each usable as soon as it is stored (SQL) and loaded (bitmaps). Regions
 * someone asks for or can see go first. Questions for a region that is not ready are refused
 * with the state it is in, never answered wrongly.
 */
export class DataManager {
  readonly bitmaps: BitmapEngine;
  readonly sql: CountEngine;
  /** Count work shared fairly between users. */
  readonly slots: CountSlots;
  private readonly states = new Map<number, RegionState>();
  /** client id:region id -> client region id, for the regions known at start. */
  private readonly clientRegions = new Map<string, number>();
  /** Per region, what questions are checked against; read once, dropped when the data is remade. */
  private readonly catalogs = new Map<number, Promise<repo.RegionCatalog>>();
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  /** Regions someone asked for or can see, in the order they were first wanted: prepared before the others. */
  private readonly wanted: number[] = [];
  private readonly listeners: ((clientRegionId: number, state: DataStatus['state']) => void)[] = [];

  constructor(
    private readonly db: Db,
    /** Where the members live (tests read them back from it). */
    readonly store: CountStore,
    private readonly options: DataManagerOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.bitmaps = new BitmapEngine(options.timeLimitMs, options.workers);
    this.slots = new CountSlots({ ...(options.slots ?? { total: 4, perUser: 2, queuePerUser: 200 }), waitLimitMs: options.timeLimitMs });
    this.sql = store.engine((id) => this.peopleOf(id), options.timeLimitMs);
    // A question past the time limit restarts the worker empty: load everything again.
    this.bitmaps.onRestart = () => {
      for (const [id, state] of this.states) if (state.state === 'ready') this.setState(id, state, { state: 'loading', progress: 0 });
      this.enqueue(() => this.prepareAll());
    };
  }

  /** Reads what each client region has, then (in the background) generates what is missing and loads it. */
  async start(): Promise<void> {
    await this.refresh();
    this.enqueue(() => this.prepareAll());
  }

  /**
   * Puts regions first in line (in this order, after those already wanted): the region a
   * question is about, the regions a signed-in user can see.
   */
  prefer(clientRegionIds: readonly number[]) {
    for (const id of clientRegionIds) if (!this.wanted.includes(id)) this.wanted.push(id);
  }

  /** Tells `listener` each time a region's state changes (tests, the log). */
  onChange(listener: (clientRegionId: number, state: DataStatus['state']) => void) {
    this.listeners.push(listener);
  }

  private setState(clientRegionId: number, state: RegionState, next: Partial<RegionState>) {
    const changed = next.state !== undefined && next.state !== state.state;
    Object.assign(state, next);
    if (changed) for (const listener of this.listeners) listener(clientRegionId, state.state);
  }

  /** The next region to prepare: a wanted one first, then any stored one to load, then the rest by id. */
  private next(): number | undefined {
    const waiting = (id: number) => {
      const state = this.states.get(id)!;
      return state.state !== 'ready' && state.state !== 'failed' && (state.stored || this.options.demo !== null);
    };
    const wanted = this.wanted.find((id) => this.states.has(id) && waiting(id));
    if (wanted !== undefined) return wanted;
    const ids = [...this.states.keys()].filter(waiting);
    return ids.find((id) => this.states.get(id)!.stored) ?? ids[0];
  }

  /** Each region in turn: generated when it has no data (the demo), then loaded, before the next one starts. */
  private async prepareAll() {
    for (let id = this.next(); id !== undefined && !this.closed; id = this.next()) {
      const state = this.states.get(id)!;
      if (!state.stored) await this.generate(id, state, this.options.demo!);
      if (this.closed) return;
      if (state.stored) await this.load(id, state);
      else if (state.state !== 'failed') this.setState(id, state, { state: 'failed', progress: 0 });
    }
  }

  /** Resolves when the background work queued so far is done (tests and the benchmark wait on it). */
  whenIdle(): Promise<void> {
    return this.work;
  }

  private enqueue(job: () => Promise<void>) {
    this.work = this.work.then(job).catch((err: unknown) => this.log.error({ err }, 'count engine data work failed'));
  }

  private async refresh() {
    for (const row of await repo.regionsWithData(this.db)) {
      this.clientRegions.set(`${row.clientId}:${row.regionId}`, row.clientRegionId);
      // A data set is only as good as its stored members (a data directory from before the count store had its own has none there).
      const ready = row.status === 'ready' && row.people !== null && (await this.store.hasMembers(row.clientRegionId));
      this.states.set(row.clientRegionId, {
        client: row.client,
        region: row.region,
        state: ready ? 'loading' : this.options.demo ? 'queued' : 'absent',
        progress: 0,
        people: row.people ?? 0,
        stored: ready,
      });
    }
  }

  private async generate(clientRegionId: number, state: RegionState, size: { people: number; segments: number }) {
    this.setState(clientRegionId, state, { state: 'generating', progress: 0, people: size.people });
    this.forgetCatalog(clientRegionId);
    const started = performance.now();
    try {
      await seedPopulation(this.db, this.store, clientRegionId, { people: size.people, segments: size.segments, seed: `demo:${state.client}/${state.region}`, catalogSeed: catalogSeedOf(state.client) }, (done, total) => {
        state.progress = done / total;
      });
      this.setState(clientRegionId, state, { state: 'loading', progress: 0, stored: true });
      this.forgetCatalog(clientRegionId);
      this.log.info({ client: state.client, region: state.region, ms: Math.round(performance.now() - started) }, 'demo audience data generated');
    } catch (err) {
      this.setState(clientRegionId, state, { state: 'failed', progress: 0 });
      if (!this.closed) this.log.error({ err, client: state.client, region: state.region }, 'demo audience data generation failed');
    }
  }

  private async load(clientRegionId: number, state: RegionState) {
    this.setState(clientRegionId, state, { state: 'loading', progress: 0 });
    const started = performance.now();
    try {
      const sets = await repo.regionSets(this.db, clientRegionId);
      await this.bitmaps.begin(clientRegionId, state.people);
      // Read in batches: a read per set (and per shard) cost most of a region's loading (issue 28).
      for (let at = 0; at < sets.length; at += SETS_PER_READ) {
        if (this.closed) return;
        const batch = sets.slice(at, at + SETS_PER_READ);
        // Each shard's range read on its own: this thread passes the bytes on, never splits or copies them.
        const byShard = await Promise.all(this.bitmaps.shardRanges(clientRegionId).map((range) => this.store.setsChunks(clientRegionId, batch, range)));
        for (const [i, set] of batch.entries()) await this.bitmaps.set(clientRegionId, set.kind, set.id, byShard.map((parts) => parts[i]!));
        state.progress = Math.min(1, (at + batch.length) / sets.length);
      }
      const { categories } = await this.catalog(clientRegionId);
      await this.bitmaps.commit(clientRegionId, categories.map((c) => c.values.map((v) => v.id)));
      this.setState(clientRegionId, state, { state: 'ready', progress: 1 });
      this.log.info({ client: state.client, region: state.region, sets: sets.length, ms: Math.round(performance.now() - started) }, 'audience data loaded into the bitmap engine');
    } catch (err) {
      if (this.closed) return;
      this.setState(clientRegionId, state, { state: 'failed', progress: 0 });
      this.log.error({ err, client: state.client, region: state.region }, 'loading audience data failed');
    }
  }

  /** Everyone in a client region's data (0 when it has none): what shares and indexes are of. */
  peopleOf(clientRegionId: number): number {
    return this.states.get(clientRegionId)?.people ?? 0;
  }

  /** The client region of a client and region known at start, else null (the caller asks the database). */
  clientRegionOf(clientId: number, regionId: number): number | null {
    return this.clientRegions.get(`${clientId}:${regionId}`) ?? null;
  }

  /**
   * Drops a region's cached catalogue, so the next question reads it again: for whatever changes
   * its segments or categories (new data, a segment the provider deleted).
   */
  forgetCatalog(clientRegionId: number) {
    this.catalogs.delete(clientRegionId);
  }

  /**
   * Reads a region's catalogue again at once (a segment was added or dropped: a kept set), while
   * questions go on being checked against the last one until the new one is read. A request's
   * transaction may be checking a rule: on PGlite it holds the one connection, so a read it
   * waited for would wait for it in turn (the hang this replaced: a motivation request's POST
   * waiting forever while a lookalike job had just forgotten the catalogue).
   */
  async refreshCatalog(clientRegionId: number): Promise<void> {
    const last = this.catalogs.get(clientRegionId);
    if (!last) return this.forgetCatalog(clientRegionId);
    try {
      const next = await repo.regionCatalog(this.db, clientRegionId);
      if (this.catalogs.get(clientRegionId) === last) this.catalogs.set(clientRegionId, Promise.resolve(next));
    } catch {
      if (this.catalogs.get(clientRegionId) === last) this.catalogs.delete(clientRegionId);
    }
  }

  /** The segments and categories of a region, read once: no database round trip per question. */
  catalog(clientRegionId: number): Promise<repo.RegionCatalog> {
    let catalog = this.catalogs.get(clientRegionId);
    if (!catalog) {
      catalog = repo.regionCatalog(this.db, clientRegionId);
      catalog.catch(() => this.catalogs.delete(clientRegionId));
      this.catalogs.set(clientRegionId, catalog);
    }
    return catalog;
  }

  /** The engine of a data source, once the region can answer with it; otherwise why not (a sentence). */
  engineFor(clientRegionId: number, source: DataSource): CountEngine | string {
    const state = this.states.get(clientRegionId);
    if (state && state.state !== 'ready') this.prefer([clientRegionId]);
    const where = state ? `${state.client}/${state.region}` : 'this region';
    if (!state || state.state === 'absent') return `There is no audience data for ${where} yet.`;
    if (state.state === 'queued') return `The audience data for ${where} is waiting to be generated. Try again in a minute.`;
    if (state.state === 'failed') return `The audience data for ${where} could not be prepared; see the server log.`;
    if (source === 'es' && state.stored) return this.sql;
    if (source === 'molecula' && state.state === 'ready') return this.bitmaps;
    const what = state.state === 'generating' ? 'being generated' : 'loading';
    return `The audience data for ${where} is still ${what} (${Math.floor(state.progress * 100)} %). Try again in a moment.`;
  }

  /** The bitmap engine of a region that is ready, else an Error saying why not (a sentence for people). */
  private readyBitmaps(clientRegionId: number): BitmapEngine {
    const engine = this.engineFor(clientRegionId, 'molecula');
    if (typeof engine === 'string') throw new Error(engine);
    return this.bitmaps;
  }

  /**
   * Builds a lookalike (issue 16) of exactly `req.size` people outside the seed, scored in the
   * bitmap workers by the log-index of their demographic values (runtime/lookalike.ts), with
   * the hold-out measurement; keeps it in the workers as segment `req.shortId` and stores it in
   * the count store, so both engines (and a reload) answer rules naming it. The segment's row
   * must exist first (a reload lists segments from the `segments` table).
   */
  async buildLookalike(clientRegionId: number, req: LookalikeRequest): Promise<LookalikeBuild> {
    const bitmaps = this.readyBitmaps(clientRegionId);
    const holdoutShare = req.holdoutShare ?? LOOKALIKE.holdoutShare;
    if (!(holdoutShare > 0 && holdoutShare < 1)) throw new RangeError(`The held-out share is between 0 and 1, got ${holdoutShare}`);
    const spec = { seed: req.seed, model: req.model ?? 'index', holdoutShare, randomSeed: req.randomSeed ?? `lookalike:${req.shortId}` } as const;
    const { build, parts } = await bitmaps.lookalike(clientRegionId, spec, req.size, req.shortId);
    await this.storeKept(clientRegionId, req.shortId, parts);
    return build;
  }

  /** Keeps a rule's people as segment `shortId` (a motivation audience), in the workers and the count store; answers its size. */
  async materialize(clientRegionId: number, rules: AudienceRules, shortId: number): Promise<number> {
    const { size, parts } = await this.readyBitmaps(clientRegionId).materialize(clientRegionId, rules, shortId);
    await this.storeKept(clientRegionId, shortId, parts);
    return size;
  }

  /** A set the workers now hold, made durable; if that fails the workers forget it too. */
  private async storeKept(clientRegionId: number, shortId: number, parts: SetChunks[]) {
    try {
      await this.store.storeChunks(clientRegionId, 'segment', shortId, parts);
    } catch (err) {
      await this.bitmaps.dropSet(clientRegionId, shortId).catch(() => undefined);
      throw err;
    } finally {
      // Resolved once questions know the set (the job marks its audience ready after this).
      await this.refreshCatalog(clientRegionId);
    }
  }

  /** Forgets a kept segment (a lookalike deleted): from the count store and the bitmap workers. */
  async dropSet(clientRegionId: number, shortId: number): Promise<void> {
    await this.store.dropSet(clientRegionId, 'segment', shortId);
    if (this.states.get(clientRegionId)?.state === 'ready') await this.bitmaps.dropSet(clientRegionId, shortId);
    await this.refreshCatalog(clientRegionId);
  }

  statuses(): DataStatus[] {
    return [...this.states.values()].map((s) => ({
      client: s.client,
      region: s.region,
      state: s.state,
      progress: Math.round(s.progress * 1000) / 1000,
      people: s.people,
    }));
  }

  async close() {
    this.closed = true;
    await this.bitmaps.close();
    await this.store.close();
  }
}
