import type { QueuedEdit } from './db';

/**
 * Reading a queued edit in a feature's overlay (decision 007's optimistic view): its body as an
 * object, and the id its path names. Shared by the overlays of entities written at /api/{things}/{id}.
 */
export type { QueuedEdit };

export type EditBody = Record<string, unknown>;

/** The edit's body as an object ({} for a delete or a body that is not one). */
export const bodyOf = (edit: Pick<QueuedEdit, 'body'>): EditBody => (typeof edit.body === 'object' && edit.body !== null && !Array.isArray(edit.body) ? (edit.body as EditBody) : {});

/** The id in /api/{things}/{id}[?…]; null for /api/{things}. */
export function idInPath(path: string): string | null {
  return path.split('?')[0]!.split('/').filter(Boolean)[2] ?? null;
}
