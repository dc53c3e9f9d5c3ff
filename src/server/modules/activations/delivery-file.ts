import { createHash } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A delivery file: a CSV with the header `hashed_id` and one row per member, each person id
 * written as the lowercase hex SHA-256 of `{salt}:{id}` (the client's salt, see
 * activations-repository `deliverySalt`). A destination can match the same person across
 * deliveries of one client; nobody can read person ids back, nor join two clients' files.
 */
export const DELIVERY_HEADER = 'hashed_id';

export function hashMemberId(salt: string, id: number): string {
  return createHash('sha256').update(`${salt}:${id}`).digest('hex');
}

/** The directory a destination collects from, under DATA_DIR/deliveries; a name that would leave it is refused. */
export function deliveryDirectory(dataDir: string, directory: string): string {
  const root = path.resolve(dataDir, 'deliveries');
  const dir = path.resolve(root, directory);
  if (directory.trim() === '' || path.isAbsolute(directory) || !dir.startsWith(`${root}${path.sep}`)) {
    throw new Error(`The destination's directory "${directory}" is not a directory under deliveries/.`);
  }
  return dir;
}

/** `{activationId}-{yyyyMMddTHHmmssSSSZ}.csv`: names sort by time, and two refreshes never share one. */
export function deliveryFileName(activationId: number, at: Date): string {
  return `${activationId}-${at.toISOString().replace(/[-:.]/g, '')}.csv`;
}

export interface WriteOptions {
  signal?: AbortSignal;
  /** Told now and then with the share written (0..1); may reject to stop the write. */
  onProgress?: (fraction: number) => Promise<void> | void;
  /** Rows per write (tests use small ones). */
  batch?: number;
}

/**
 * Writes the file atomically: to `{file}.tmp`, flushed, then renamed, so the destination never
 * collects half a file. Stopped (its signal aborted, or onProgress rejecting), it removes the
 * partial file and rethrows. Answers the rows written.
 */
export async function writeDeliveryFile(file: string, members: Iterable<number>, total: number, salt: string, options: WriteOptions = {}): Promise<number> {
  const { signal, onProgress, batch = 20_000 } = options;
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  const handle = await open(tmp, 'w');
  let rows = 0;
  try {
    let lines: string[] = [DELIVERY_HEADER];
    for (const id of members) {
      lines.push(hashMemberId(salt, id));
      rows++;
      if (lines.length >= batch) {
        await handle.write(`${lines.join('\n')}\n`);
        lines = [];
        signal?.throwIfAborted();
        await onProgress?.(total === 0 ? 1 : rows / total);
      }
    }
    if (lines.length) await handle.write(`${lines.join('\n')}\n`);
    signal?.throwIfAborted();
    await handle.sync();
    await handle.close();
    await rename(tmp, file);
    return rows;
  } catch (err) {
    await handle.close().catch(() => undefined);
    await rm(tmp, { force: true });
    throw err;
  }
}
