import Dexie, { type Table, type Transaction } from 'dexie';
import type { OutboxCommand } from '@shared/rules/outbox';
import type { FieldConflictView, GoneDetails } from '@shared/schemas/error';

/**
 * The device's database (issue 4, DESIGN "Client data flow"): what the offline screens read when
 * the network is gone, the persisted query cache, and the outbox of edits not yet applied.
 *
 * The schema is a list of versions. A version is never edited once released: a change adds the
 * next one (with an upgrade when rows must change), and db.test.ts opens every earlier version
 * with rows in it and upgrades it to the latest.
 */
export const DB_NAME = 'audience-insights';

/** An entity as the server last sent it, under the scope (client or full context) it was read in. */
export interface CachedEntity {
  /** `${scope}|${id}` */
  key: string;
  scope: string;
  id: string;
  version: number | null;
  data: unknown;
  savedAt: number;
}

/** The signed-in user's session reads (self, permissions, hierarchy) and small facts (csrf token, offline contexts). */
export interface KeyValue {
  key: string;
  value: unknown;
  savedAt: number;
}

/** The persisted TanStack Query cache (one row). */
export interface PersistedCacheRow {
  key: string;
  value: unknown;
}

/** A queued edit: the rules' fields plus what it takes to send it and to tell the user about it. */
export interface StoredCommand extends OutboxCommand {
  userId: number;
  method: 'POST' | 'PUT' | 'DELETE';
  /** The API path; a created entity's temporary id in it is replaced when the server names it. */
  path: string;
  body: unknown;
  /** X-Context to send (client/region/brand/product slugs), or null. */
  context: string | null;
  /** What the user did, in their words: "Rename unit reach-planner". */
  label: string;
  /** The server's answer to an applied command (the entity's new copy), kept until the page has merged it. */
  response?: unknown;
  /** Why the server refused it, or says it conflicts; `fields`: its message per field of the body ("name"). */
  error?: { status: number; code: string; message: string; fields?: Record<string, string> } | null;
  /** The server's copy of the entity on a 409. */
  serverCopy?: unknown;
  /** The fields both sides changed, as the server named them on a 409 (base, theirs, mine). */
  conflicts?: FieldConflictView[];
  /** What someone else deleted, when the server said the command's target is gone ("Deleted by someone else"). */
  gone?: GoneDetails['gone'];
  /** Tries in a row the server answered "later" (429, 503, ...): its back-off counts these, not tries made while it was down (issue 27). */
  answered?: number;
  /** The user has been told about the refusal (a toast once, not on every reload). */
  notified?: boolean;
}

/** What a feature's overlay reads of a queued command to show it over the server's copy. */
export type QueuedEdit = Pick<StoredCommand, 'method' | 'path' | 'entityId' | 'createdAt'> & Partial<Pick<StoredCommand, 'body'>>;

/** The tables of the entities the offline screens need; each feature writes its reads through to its table. */
export const ENTITY_TABLES = [
  'toolboxUnits',
  'charts',
  'markets',
  'audiences',
  'journeys',
  'timeframes',
  'personas',
  'segmentsSeen',
  'notifications',
] as const;
export type EntityTableName = (typeof ENTITY_TABLES)[number];

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

const entityStores = Object.fromEntries(ENTITY_TABLES.map((t) => [t, 'key, scope, id']));

export const SCHEMA: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      meta: 'key',
      session: 'key',
      queryCache: 'key',
      outbox: 'id, createdAt, state, [entity+entityId], userId',
      ...entityStores,
    },
  },
];

export class AppDatabase extends Dexie {
  declare meta: Table<KeyValue, string>;
  declare session: Table<KeyValue, string>;
  declare queryCache: Table<PersistedCacheRow, string>;
  declare outbox: Table<StoredCommand, string>;
  declare toolboxUnits: Table<CachedEntity, string>;
  declare charts: Table<CachedEntity, string>;
  declare markets: Table<CachedEntity, string>;
  declare audiences: Table<CachedEntity, string>;
  declare journeys: Table<CachedEntity, string>;
  declare timeframes: Table<CachedEntity, string>;
  declare personas: Table<CachedEntity, string>;
  declare segmentsSeen: Table<CachedEntity, string>;
  declare notifications: Table<CachedEntity, string>;

  constructor(name = DB_NAME, versions: readonly SchemaVersion[] = SCHEMA, options?: ConstructorParameters<typeof Dexie>[1]) {
    super(name, options);
    for (const v of versions) {
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
  }

  entityTable(name: EntityTableName): Table<CachedEntity, string> {
    return this[name];
  }
}

let instance: AppDatabase | null = null;

/** The app's one database (opened lazily, so nothing touches IndexedDB before it is needed). */
export function appDb(): AppDatabase {
  instance ??= new AppDatabase();
  return instance;
}

/** Every table holds the signed-in user's data: all of it goes at logout or when another user logs in. */
export const USER_TABLES = ['meta', 'session', 'queryCache', 'outbox', ...ENTITY_TABLES] as const;

/** Wipes every row of the previous user (logout, another user's login). */
export async function wipeUserData(db: AppDatabase = appDb()): Promise<void> {
  await db.transaction('rw', USER_TABLES.map((t) => db.table(t)), async () => {
    await Promise.all(USER_TABLES.map((t) => db.table(t).clear()));
  });
}
