import { mergeFields, type FieldConflict, type FieldValues } from '@shared/rules/merge';
import { unavailable, type AppError } from './errors';

/**
 * How a versioned entity (a Grow chart, a persona, a custom widget) is claimed by a write
 * (decision 007): its row moves from the sent version to the next before anything else is done,
 * so a concurrent write on the same version waits on the row lock, then finds it moved on.
 */
export interface Claimable<Row extends { version: number }> {
  /** Moves it from `version` to the next; null when it is not (or no longer) at `version`. */
  claim(version: number): Promise<Row | null>;
  /** It as it is now; throws its 404 when it is gone. */
  current(): Promise<Row>;
  /** The 409 for it as it is now, naming the fields in conflict when known. */
  conflict(current: Row, conflicts?: FieldConflict[]): Promise<AppError>;
}

/** Moves it on from the version just read; a write that committed in between makes this one go again (503). */
async function claimAsRead<Row extends { version: number }>(c: Claimable<Row>, current: Row, what: string): Promise<Row> {
  const row = await c.claim(current.version);
  if (!row) throw unavailable(`The ${what} changed while this edit was applied; send it again.`);
  return row;
}

/** The strict claim of a write that replaces it as a whole (its delete): at the sent version, or 404 / 409. */
export async function claimExact<Row extends { version: number }>(c: Claimable<Row>, version: number): Promise<Row> {
  const row = await c.claim(version);
  if (row) return row;
  throw await c.conflict(await c.current());
}

/** The claim of a write no one else's change can clash with: it applies over whatever version it has now. */
export async function claimLatest<Row extends { version: number }>(c: Claimable<Row>, version: number, what: string): Promise<Row> {
  return (await c.claim(version)) ?? claimAsRead(c, await c.current(), what);
}

/**
 * The claim of a field edit (issue 12). At the sent version the edit applies as sent. On a newer
 * version, an edit that says what it saw (`base`) is merged with the server's values (`theirsOf`):
 * a field only one side changed takes that side's value, a field both changed differently is a
 * 409 naming it. Without `base`, any newer version is a 409.
 * @returns the claimed row and the values to write (the merge of mine and theirs)
 */
export async function claimMerged<Row extends { version: number }, T extends FieldValues>(
  c: Claimable<Row>,
  sent: { version: number; base?: FieldValues | undefined },
  mine: T,
  theirsOf: (row: Row) => FieldValues | Promise<FieldValues>,
  what: string,
): Promise<{ row: Row; values: T }> {
  const row = await c.claim(sent.version);
  if (row) return { row, values: mine };
  const current = await c.current();
  if (!sent.base) throw await c.conflict(current);
  const { merged, conflicts } = mergeFields(sent.base, await theirsOf(current), mine);
  if (conflicts.length > 0) throw await c.conflict(current, conflicts);
  // merged has exactly mine's fields, each mine's or theirs's value.
  return { row: await claimAsRead(c, current, what), values: merged as T };
}
