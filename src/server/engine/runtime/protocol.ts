import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Cut, LookalikeSpec, ModelPair, SeedCounts, ShardPeople } from './lookalike';
import type { CountsAnswer, CountsQuestion, IntersectionsAnswer, OverlapAnswer, RuleCountsAnswer, WidgetAnswer } from '../questions';

/** Messages between the API thread and the bitmap worker. */
export type WorkerRequest =
  | { type: 'begin'; region: number; people: number }
  | { type: 'set'; region: number; kind: 'segment' | 'attribute'; id: number; chunks: Int32Array; bits: Uint8Array }
  /** A set already in the portable roaring format (a cache, or the benchmark's generated sets). */
  | { type: 'set-portable'; region: number; kind: 'segment' | 'attribute'; id: number; portable: Uint8Array }
  /** Ends a load; `categories` lists each category's value ids, in order, for the value codes. */
  | { type: 'commit'; region: number; categories: number[][] }
  | { type: 'count'; region: number; rules: AudienceRules }
  | { type: 'counts'; region: number; question: CountsQuestion }
  /** `rules` null: everyone (each value's people; the engine sets the audience to the region's people). */
  | { type: 'widget'; region: number; rules: AudienceRules | null; attributeIds: number[] }
  | { type: 'rule-counts'; region: number; rules: AudienceRules }
  | { type: 'overlap'; region: number; audiences: AudienceRules[] }
  | { type: 'intersections'; region: number; audiences: AudienceRules[] }
  /** The lookalike's phases (runtime/lookalike.ts); `shard` is the people this worker holds. */
  | { type: 'lookalike-counts'; region: number; spec: LookalikeSpec }
  | { type: 'lookalike-histograms'; region: number; spec: LookalikeSpec; shard: ShardPeople; models: ModelPair }
  | { type: 'lookalike-take'; region: number; spec: LookalikeSpec; shard: ShardPeople; models: ModelPair; cuts: [Cut, Cut]; shortId: number }
  /** A rule's people kept as segment `shortId`. */
  | { type: 'materialize'; region: number; rules: AudienceRules; shortId: number }
  /** Forgets segment `shortId` (a lookalike deleted). */
  | { type: 'drop-set'; region: number; shortId: number }
  | { type: 'memory' };

/** A set this worker now holds as a segment: its people, and its stored chunks for the count store. */
export interface KeptSet {
  size: number;
  chunks: Int32Array;
  bits: Uint8Array;
}

export interface MemoryAnswer {
  /** Bytes held by roaring bitmaps in the worker. */
  bitmapBytes: number;
  bitmaps: number;
  /** Bytes held by value codes (WASM memory). */
  codeBytes: number;
  regions: { region: number; people: number; segments: number; attributes: number }[];
}

export interface WorkerAnswers {
  begin: null;
  set: null;
  'set-portable': null;
  commit: null;
  count: number;
  counts: CountsAnswer;
  widget: WidgetAnswer;
  'rule-counts': RuleCountsAnswer;
  overlap: OverlapAnswer;
  intersections: IntersectionsAnswer;
  'lookalike-counts': SeedCounts;
  'lookalike-histograms': [Uint32Array, Uint32Array];
  'lookalike-take': KeptSet & { recovered: number };
  materialize: KeptSet;
  'drop-set': boolean;
  memory: MemoryAnswer;
}

export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string };
