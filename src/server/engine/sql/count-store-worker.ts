import { parentPort } from 'node:worker_threads';
import type { Executor } from '../../db/client';
import { TimeLimitError } from '../questions';
import { askEngine, LocalCountStore, type SetChunks } from './count-store';
import type { CountStoreReply, CountStoreRequest } from './count-store-protocol';
import { SqlEngine } from './sql-engine';
import { lowerThreadPriority } from '../runtime/thread-priority';
import { createPglite } from '../../db/pglite-cluster';

/**
 * The count store's thread: owns the embedded PGlite of member_chunks (`pg-counts`), stores and
 * reads sets and answers the SQL questions, so none of that runs on the API's event loop. Many
 * questions run at once; PGlite takes their slices in turn.
 */
lowerThreadPriority();
let store: Promise<{ local: LocalCountStore; close: () => Promise<void> }> | null = null;
const running = new Set<number>();
const cancelled = new Set<number>();

async function open(dir: string) {
  const { drizzle } = await import('drizzle-orm/pglite');
  const client = await createPglite(dir);
  // The same table as the main database's, without the reference to client_regions (that table lives there).
  await client.exec(`create table if not exists member_chunks (
    client_region_id integer not null,
    set_kind smallint not null,
    set_id integer not null,
    chunk integer not null,
    bits bit varying not null,
    primary key (client_region_id, set_kind, set_id, chunk))`);
  const local = new LocalCountStore(drizzle(client) as unknown as Executor);
  return { local, close: () => client.close() };
}

async function handle(id: number, request: CountStoreRequest): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  if (request.op === 'open') {
    store = open(request.dir);
    await store;
    return { result: null };
  }
  if (!store) throw new Error('The count store is not open');
  const { local, close } = await store;
  switch (request.op) {
    case 'store':
      await local.storeMembers(request.region, request.kind, request.setId, request.ids);
      return { result: null };
    case 'store-new':
      await local.storeNewSets(request.region, request.sets);
      return { result: null };
    case 'store-chunks':
      await local.storeChunks(request.region, request.kind, request.setId, request.parts);
      return { result: null };
    case 'drop-set':
      await local.dropSet(request.region, request.kind, request.setId);
      return { result: null };
    case 'clear':
      await local.clearRegion(request.region);
      return { result: null };
    case 'chunks': {
      const found: SetChunks[] = await local.setsChunks(request.region, request.sets, request.range);
      return { result: found, transfer: found.flatMap((f) => [f.chunks.buffer as ArrayBuffer, f.bits.buffer as ArrayBuffer]) };
    }
    case 'has':
      return { result: await local.hasMembers(request.region) };
    case 'ask': {
      const engine = new SqlEngine(local.db, () => request.people, request.timeLimitMs, () => cancelled.has(id));
      running.add(id);
      try {
        return { result: await askEngine(engine, request.region, request.question) };
      } finally {
        running.delete(id);
        cancelled.delete(id);
      }
    }
    case 'cancel':
      if (running.has(request.of)) cancelled.add(request.of);
      return { result: null };
    case 'close':
      await close();
      return { result: null };
  }
}

parentPort!.on('message', ({ id, request }: { id: number; request: CountStoreRequest }) => {
  handle(id, request).then(
    ({ result, transfer }) => parentPort!.postMessage({ id, ok: true, result } satisfies CountStoreReply, transfer ?? []),
    (err: unknown) =>
      parentPort!.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err), timeLimit: err instanceof TimeLimitError } satisfies CountStoreReply),
  );
});
