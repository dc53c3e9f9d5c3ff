import type { NewSet, SetKind } from './member-chunks-repository';
import type { ChunkSpan, CountQuestion, SetChunks, SetRef } from './count-store';

/** Messages from the API thread to the count store's worker. */
export type CountStoreRequest =
  | { op: 'open'; dir: string }
  | { op: 'store'; region: number; kind: SetKind; setId: number; ids: Uint32Array }
  | { op: 'clear'; region: number }
  | { op: 'store-new'; region: number; sets: NewSet[] }
  | { op: 'store-chunks'; region: number; kind: SetKind; setId: number; parts: SetChunks[] }
  | { op: 'drop-set'; region: number; kind: SetKind; setId: number }
  | { op: 'chunks'; region: number; sets: SetRef[]; range?: ChunkSpan }
  | { op: 'has'; region: number }
  | { op: 'ask'; region: number; people: number; timeLimitMs: number; question: CountQuestion }
  /** The asker gave up (its time limit): stop at the next slice. */
  | { op: 'cancel'; of: number }
  | { op: 'close' };

export type CountStoreReply =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; message: string; timeLimit: boolean };
