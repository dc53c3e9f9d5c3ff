import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Database, Executor } from '../../db/client';
import { memberChunks } from '../../db/schema';
import { CHUNK_BYTES } from '../bitmap/portable';
import type { CountEngine, CountsAnswer, CountsQuestion, IntersectionsAnswer, OverlapAnswer, RuleCountsAnswer, WidgetAnswer } from '../questions';
import { SET_KIND, storeMembers, storeNewSets, type NewSet, type SetKind } from './member-chunks-repository';
import { SqlEngine } from './sql-engine';

/** A stored set: a segment's short id or a demographic value's id. */
export interface SetRef {
  kind: SetKind;
  id: number;
}

/** Chunks from..to-1. */
export interface ChunkSpan {
  from: number;
  to: number;
}

/** One set's stored chunks: chunk numbers, and CHUNK_BYTES of bits for each. */
export interface SetChunks {
  chunks: Int32Array;
  bits: Uint8Array;
}

/**
 * Where the people of every set live (member_chunks) and the `es` data source that counts
 * them. Counting never shares a connection with the API's own queries: on PostgreSQL it has
 * its own pool with a statement_timeout; on embedded PGlite it is a second database in a worker
 * thread (`pg-counts` beside `pg`), so neither its CPU nor its statements hold up other requests.
 */
export interface CountStore {
  readonly kind: 'local' | 'worker';
  /** The SQL questions; `peopleOf` says how many chunks a region has; a question past `timeLimitMs` stops. */
  engine(peopleOf: (clientRegionId: number) => number, timeLimitMs: number): CountEngine;
  /** Replaces one set's members. */
  storeMembers(clientRegionId: number, kind: SetKind, setId: number, sortedIds: Uint32Array): Promise<void>;
  /** Stores sets of a region cleared since (a seeding), many per statement. The ids may move (be emptied). */
  storeNewSets(clientRegionId: number, sets: NewSet[]): Promise<void>;
  /** Replaces one set's members with stored chunks (a bitmap shard's each, as `setChunks` reads them). */
  storeChunks(clientRegionId: number, kind: SetKind, setId: number, parts: SetChunks[]): Promise<void>;
  /** Forgets one set (a lookalike deleted). */
  dropSet(clientRegionId: number, kind: SetKind, setId: number): Promise<void>;
  /** Forgets every set of a region, before its data is made again. */
  clearRegion(clientRegionId: number): Promise<void>;
  /** A set's stored chunks, or those in [range.from, range.to) (a bitmap shard's). */
  setChunks(clientRegionId: number, kind: SetKind, setId: number, range?: ChunkSpan): Promise<SetChunks>;
  /** Several sets' stored chunks in one read, in the order asked (loading a region: a read per set cost most of it). */
  setsChunks(clientRegionId: number, sets: readonly SetRef[], range?: ChunkSpan): Promise<SetChunks[]>;
  /** The region has stored members (a data set marked ready whose members are missing is made again). */
  hasMembers(clientRegionId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Inserted per statement: ~0.5 MB of hex. */
const ROWS_PER_INSERT = 64;

/**
 * Sets asked of `setsChunks` at once, and stored per seeding batch: a read per set cost most of a
 * region's load, and 64 sets of a region's chunks (~8 KB each) stay a few MB.
 */
export const SETS_PER_READ = 64;

/**
 * The store over connection pools or one database: on PostgreSQL the questions have their own
 * pool whose statements stop at the time limit, and storing members (which may take longer than
 * any question) another without that limit; inside the PGlite worker both are the one database.
 */
export class LocalCountStore implements CountStore {
  readonly kind = 'local';
  constructor(
    readonly db: Executor,
    private readonly onClose: () => Promise<void> = async () => undefined,
    private readonly questionsDb: Executor = db,
  ) {}

  engine(peopleOf: (clientRegionId: number) => number, timeLimitMs: number): CountEngine {
    return new SqlEngine(this.questionsDb, peopleOf, timeLimitMs);
  }

  storeMembers(clientRegionId: number, kind: SetKind, setId: number, sortedIds: Uint32Array) {
    return storeMembers(this.db, clientRegionId, kind, setId, sortedIds, { rowsPerStatement: ROWS_PER_INSERT });
  }

  storeNewSets(clientRegionId: number, sets: NewSet[]) {
    return storeNewSets(this.db, clientRegionId, sets, { rowsPerStatement: ROWS_PER_INSERT });
  }

  async clearRegion(clientRegionId: number) {
    await this.db.delete(memberChunks).where(eq(memberChunks.clientRegionId, clientRegionId));
  }

  async storeChunks(clientRegionId: number, kind: SetKind, setId: number, parts: SetChunks[]) {
    await this.dropSet(clientRegionId, kind, setId);
    const setKind = SET_KIND[kind];
    const rows = parts.flatMap(({ chunks, bits }) => {
      if (bits.length !== chunks.length * CHUNK_BYTES) throw new RangeError(`Expected ${chunks.length * CHUNK_BYTES} bytes of chunks, got ${bits.length}`);
      return Array.from(chunks, (chunk, i) => ({
        clientRegionId,
        setKind,
        setId,
        chunk,
        bits: `x${Buffer.from(bits.buffer, bits.byteOffset + i * CHUNK_BYTES, CHUNK_BYTES).toString('hex')}`,
      }));
    });
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await this.db.insert(memberChunks).values(rows.slice(i, i + ROWS_PER_INSERT));
  }

  async dropSet(clientRegionId: number, kind: SetKind, setId: number) {
    await this.db
      .delete(memberChunks)
      .where(and(eq(memberChunks.clientRegionId, clientRegionId), eq(memberChunks.setKind, SET_KIND[kind]), eq(memberChunks.setId, setId)));
  }

  /**
   * varbit_send gives a 4-byte bit length, then the bits; hex text is read 7x faster than bytea
   * from PGlite (0.76 s against 5.1 s for 26 MB here).
   */
  async setChunks(clientRegionId: number, kind: SetKind, setId: number, range?: ChunkSpan): Promise<SetChunks> {
    return (await this.setsChunks(clientRegionId, [{ kind, id: setId }], range))[0]!;
  }

  async setsChunks(clientRegionId: number, sets: readonly SetRef[], { from, to }: ChunkSpan = { from: 0, to: 2 ** 31 - 1 }): Promise<SetChunks[]> {
    if (sets.length === 0) return [];
    const wanted = sql.join(sets.map((s) => sql`(${SET_KIND[s.kind]}::smallint, ${s.id}::integer)`), sql`, `);
    const result = (await this.db.execute(sql`
      select set_kind, set_id, chunk, encode(varbit_send(bits), 'hex') as raw from member_chunks
      where client_region_id = ${clientRegionId} and (set_kind, set_id) in (${wanted}) and chunk >= ${from} and chunk < ${to}
      order by set_kind, set_id, chunk`)) as unknown as { rows: { set_kind: number; set_id: number; chunk: number; raw: string }[] };
    const rowsOf = new Map<string, { chunk: number; raw: string }[]>();
    for (const row of result.rows) {
      const key = `${Number(row.set_kind)}:${Number(row.set_id)}`;
      const list = rowsOf.get(key);
      if (list) list.push(row);
      else rowsOf.set(key, [row]);
    }
    return sets.map((s) => {
      const rows = rowsOf.get(`${SET_KIND[s.kind]}:${s.id}`) ?? [];
      const chunks = new Int32Array(rows.length);
      const bits = new Uint8Array(rows.length * CHUNK_BYTES);
      rows.forEach((row, i) => {
        const raw = Buffer.from(row.raw, 'hex');
        chunks[i] = Number(row.chunk);
        bits.set(raw.subarray(4, 4 + CHUNK_BYTES), i * CHUNK_BYTES);
      });
      return { chunks, bits };
    });
  }

  async hasMembers(clientRegionId: number) {
    const result = (await this.db.execute(sql`select exists (select 1 from member_chunks where client_region_id = ${clientRegionId}) as found`)) as unknown as { rows: { found: boolean }[] };
    return Boolean(result.rows[0]?.found);
  }

  close() {
    return this.onClose();
  }
}

/**
 * The count store for a database: a second pool on PostgreSQL (its statements stop at
 * `statementTimeoutMs`), or the PGlite worker on the embedded database, one per data directory
 * in a process (two apps on one database in the tests share it). `lazy`: on PGlite the worker
 * starts at the first call (pools connect at their first query anyway).
 */
export async function openCountStore(database: Pick<Database, 'kind' | 'url' | 'dataDir'>, statementTimeoutMs: number, { lazy = false }: { lazy?: boolean } = {}): Promise<CountStore> {
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const questions = new pg.Pool({
      connectionString: database.url,
      max: Number(process.env.PG_COUNT_POOL_MAX ?? 4),
      // A slice runs far shorter than the limit; this stops one the planner got wrong.
      options: `-c statement_timeout=${statementTimeoutMs}`,
    });
    // Storing and reading whole sets is not a question: a low time limit must not stop it.
    const sets = new pg.Pool({ connectionString: database.url, max: 2 });
    for (const pool of [questions, sets]) pool.on('error', (err) => console.warn(`count pool connection lost: ${err.message}`));
    return new LocalCountStore(
      drizzle(sets) as unknown as Executor,
      async () => {
        await Promise.all([questions.end(), sets.end()]);
      },
      drizzle(questions) as unknown as Executor,
    );
  }
  const { WorkerCountStore } = await import('./worker-count-store');
  return WorkerCountStore.open(path.join(database.dataDir!, 'pg-counts'), { lazy });
}

/** The questions of the CountEngine interface, as messages. */
export type CountQuestion =
  | { type: 'count'; rules: AudienceRules }
  | { type: 'counts'; question: CountsQuestion }
  | { type: 'widget'; rules: AudienceRules | null; attributeIds: number[] }
  | { type: 'rule-counts'; rules: AudienceRules }
  | { type: 'overlap'; audiences: AudienceRules[] }
  | { type: 'intersections'; audiences: AudienceRules[] };
export interface CountQuestionAnswers {
  count: number;
  counts: CountsAnswer;
  widget: WidgetAnswer;
  'rule-counts': RuleCountsAnswer;
  overlap: OverlapAnswer;
  intersections: IntersectionsAnswer;
}

/** Asks an engine one question message. */
export function askEngine(engine: CountEngine, region: number, q: CountQuestion): Promise<unknown> {
  switch (q.type) {
    case 'count':
      return engine.count(region, q.rules);
    case 'counts':
      return engine.counts(region, q.question);
    case 'widget':
      return engine.widget(region, q.rules, q.attributeIds);
    case 'rule-counts':
      return engine.ruleCounts(region, q.rules);
    case 'overlap':
      return engine.overlap(region, q.audiences);
    case 'intersections':
      return engine.intersections(region, q.audiences);
  }
}

