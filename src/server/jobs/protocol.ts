import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { LookalikeRequest } from '../engine/questions';
import type { SetChunks, CountQuestion } from '../engine/sql/count-store';
import type { SetKind } from '../engine/sql/member-chunks-repository';
import type { JobMeta } from './types';

/** One attempt of a job, as the API thread hands it to the job thread. */
export interface JobRun {
  id: string;
  type: string;
  attempt: number;
  lastAttempt: boolean;
  payload: unknown;
  meta: JobMeta;
}

/** The job thread's calls back to the API thread. */
export type HostCall =
  | { method: 'sql'; text: string; params: unknown[]; arrayRows: boolean; txId?: number }
  | { method: 'begin' }
  | { method: 'end'; txId: number; commit: boolean }
  | { method: 'ask'; clientRegionId: number; source: 'molecula' | 'es'; question: CountQuestion; userId: number | null }
  | { method: 'setChunks'; clientRegionId: number; kind: SetKind; setId: number }
  | { method: 'lookalike'; clientRegionId: number; req: LookalikeRequest; userId: number | null }
  | { method: 'materialize'; clientRegionId: number; rules: AudienceRules; shortId: number; userId: number | null }
  | { method: 'dropSet'; clientRegionId: number; shortId: number }
  | { method: 'progress'; jobId: string; type: string; fraction: number; message: string | null };

/** API thread -> job thread. */
export type ToThread =
  | { op: 'init'; database: { kind: 'pglite' | 'postgres'; url?: string }; dataDir: string }
  | { op: 'run'; runId: number; run: JobRun }
  | { op: 'failed'; runId: number; run: JobRun; reason: string }
  | { op: 'abort'; runId: number; reason: string }
  | { op: 'reply'; callId: number; ok: true; result: unknown }
  | { op: 'reply'; callId: number; ok: false; message: string; aborted?: boolean };

/** Job thread -> API thread. */
export type FromThread =
  | { op: 'ready' }
  | { op: 'call'; callId: number; call: HostCall }
  | { op: 'done'; runId: number; ok: true; result: unknown }
  | { op: 'done'; runId: number; ok: false; message: string };

export type { SetChunks };
