import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts as a copy of an empty cluster that initdb made once (decision
 * 025). initdb, run in PGlite's WASM for every new data directory, took 9 s of CPU (6.5 s) here,
 * twice per first start (the database and the count store) and once per test database; copying
 * its 39 MB result (998 files) takes 0.3-0.6 s. The empty cluster is kept per PGlite version in
 * node_modules/.cache/pglite, made by the first process that needs it; where it cannot be made or
 * copied, PGlite runs initdb as before.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ClusterOptions {
  cacheDir?: string;
  /** How PGlite opens (and, in an empty folder, makes) a database: PGlite.create. */
  create?: (dir: string) => Promise<Pick<PGlite, 'close'>>;
}

/** The installed PGlite's version (its package.json is not exported: found beside its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const clusterDirOf = (options: ClusterOptions) => path.join(options.cacheDir ?? path.join(ROOT, 'node_modules/.cache/pglite'), `cluster-${pgliteVersion()}`);

/** A data directory that holds a cluster (PostgreSQL writes PG_VERSION first). */
const isCluster = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** The empty cluster, made once: in a directory of this process's own, then renamed into place (a rename another process won is fine). */
async function emptyCluster(create: (dir: string) => Promise<Pick<PGlite, 'close'>>, options: ClusterOptions): Promise<string> {
  const cluster = clusterDirOf(options);
  if (isCluster(cluster)) return cluster;
  fs.mkdirSync(path.dirname(cluster), { recursive: true });
  const making = `${cluster}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    const client = await create(making);
    await client.close();
    fs.renameSync(making, cluster);
  } catch (error) {
    if (!isCluster(cluster)) throw error;
  } finally {
    fs.rmSync(making, { recursive: true, force: true });
  }
  return cluster;
}

/**
 * Opens PGlite in `dir`, which a new database gets as a copy of the empty cluster. A directory
 * that already holds a cluster, or one with other files in it, is PGlite's own to open.
 */
export async function createPglite(dir: string, options: ClusterOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const create = (options.create ?? ((at: string) => PGlite.create(at))) as (at: string) => Promise<PGlite>;
  fs.mkdirSync(dir, { recursive: true });
  if (!isCluster(dir) && fs.readdirSync(dir).length === 0) {
    try {
      fs.cpSync(await emptyCluster(create, options), dir, { recursive: true });
    } catch (error) {
      // No cache to write to, or no room: PGlite makes the cluster itself, as it always could.
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      console.warn(`A new database is made without the cached empty cluster: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return create(dir);
}
