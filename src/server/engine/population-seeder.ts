import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Db } from '../db/client';
import { SETS_PER_READ, type CountStore } from './sql/count-store';
import type { NewSet } from './sql/member-chunks-repository';
import { CATEGORIES } from './generator/catalog';
import { buildCatalog, SHORT_ID_SPAN, type GeneratorOptions } from './generator/generator';
import { membersInWorker } from './generator/members-in-worker';
import * as repo from './catalogue-repository';

/** A seeding batch ends at SETS_PER_READ sets or this many people in them, whichever comes first. */
const IDS_PER_BATCH = 2_000_000;

export interface SeedResult {
  people: number;
  segments: number;
  attributeValues: number;
  memberIds: number;
}

/**
 * Makes a client region's synthetic people, catalogue and members, replacing what it had:
 * vendors and their data sources, 15 demographic categories, the segments, and every set's
 * members in the count store. The same options give the same data.
 */
export async function seedPopulation(
  db: Db,
  store: CountStore,
  clientRegionId: number,
  options: GeneratorOptions,
  onProgress?: (done: number, total: number) => void,
): Promise<SeedResult> {
  if (options.segments > SHORT_ID_SPAN) throw new RangeError(`A client region may have at most ${SHORT_ID_SPAN} segments`);
  const seed = String(options.seed);
  options = { ...options, shortIdBase: clientRegionId * SHORT_ID_SPAN };
  const catalog = buildCatalog(options);
  const regionId = await repo.regionOf(db, clientRegionId);
  const vendorIds = new Map<string, number>();
  const valueIds = new Map<number, number>();

  await store.clearRegion(clientRegionId);
  await db.transaction(async (tx) => {
    await repo.setDataSet(tx, clientRegionId, options.people, seed, 'generating');
    await repo.clearPopulation(tx, clientRegionId);
    for (const segment of catalog.segments) {
      if (vendorIds.has(segment.vendorName)) continue;
      const id = await repo.upsertVendor(tx, segment.vendorName, segment.vendorType);
      await repo.addVendorDataSource(tx, id, regionId, ['create_audience_single']);
      vendorIds.set(segment.vendorName, id);
    }
    for (const [position, category] of CATEGORIES.entries()) {
      const categoryId = await repo.insertCategory(tx, clientRegionId, category.name, position);
      const ids = await repo.insertValues(tx, categoryId, category.values);
      catalog.attributes.filter((a) => a.categoryIndex === position).forEach((a, i) => valueIds.set(a.id, ids[i]!));
    }
  });

  const total = catalog.attributes.length + catalog.segments.length;
  let done = 0;
  let memberIds = 0;
  // Generated in a worker thread and stored by the count store (on PGlite, in its own thread), in
  // batches: a statement per set (a segment row, a delete and an insert of chunks) cost ~10 ms a
  // set whatever its size, most of a 50,000-person region's seeding (issue 28).
  let segmentRows: Parameters<typeof repo.insertSegments>[1] = [];
  let sets: NewSet[] = [];
  let batchIds = 0;
  const flush = async () => {
    await repo.insertSegments(db, segmentRows);
    await store.storeNewSets(clientRegionId, sets);
    onProgress?.((done += sets.length), total);
    segmentRows = [];
    sets = [];
    batchIds = 0;
    // The catalogue's PGlite answers on this thread: let requests in between batches (the demo seeds while serving).
    await yieldToLoop();
  };
  for await (const set of membersInWorker(options)) {
    const size = set.members.length;
    if (set.kind === 'attribute') {
      sets.push({ kind: 'attribute', setId: valueIds.get(set.attribute.id)!, ids: set.members });
    } else {
      const s = set.segment;
      segmentRows.push({
        clientRegionId,
        shortId: s.shortId,
        identifier: s.identifier,
        name: s.name,
        pathParts: s.pathParts,
        vendorId: vendorIds.get(s.vendorName)!,
        deleted: s.deleted,
        allowCreateAudienceSingle: s.allowCreateAudienceSingle,
        peopleCount: size,
      });
      sets.push({ kind: 'segment', setId: s.shortId, ids: set.members });
    }
    memberIds += size;
    batchIds += size;
    if (sets.length >= SETS_PER_READ || batchIds >= IDS_PER_BATCH) await flush();
  }
  await flush();
  await repo.setDataSet(db, clientRegionId, options.people, seed, 'ready');
  return { people: options.people, segments: catalog.segments.length, attributeValues: catalog.attributes.length, memberIds };
}
