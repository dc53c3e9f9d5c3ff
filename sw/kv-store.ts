/**
 * The service worker's own small key-value store in IndexedDB (not the app's Dexie database):
 * what the task poller has seen, per user and client, and whom a closed app polls for. A worker is killed when idle, so
 * nothing it must remember can live in memory.
 */
const DB_NAME = 'sw-state';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error(`${DB_NAME} could not be opened`));
  }).catch((error: unknown) => {
    // The next call tries again (a blocked or failed open is not final).
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result as T);
    tx.onerror = () => reject(tx.error ?? new Error(`${DB_NAME}: transaction failed`));
    tx.onabort = () => reject(tx.error ?? new Error(`${DB_NAME}: transaction aborted`));
  });
}

export const kv = {
  get: <T>(key: string) => run<T | undefined>('readonly', (store) => store.get(key)),
  set: (key: string, value: unknown) => run<unknown>('readwrite', (store) => store.put(value, key)).then(() => undefined),
  delete: (key: string) => run<unknown>('readwrite', (store) => store.delete(key)).then(() => undefined),
};
