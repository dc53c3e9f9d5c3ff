import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Db } from '../../db/client';
import type { CountEngine, CountsAnswer, CountsQuestion, OverlapAnswer, WidgetAnswer } from '../questions';
import { TimeLimitError } from '../runtime/bitmap-engine';
import { CHUNK_BITS } from './chunk-codec';
import { countRuleSql, countsSql, overlapSql, widgetCountsSql, type ChunkRange } from './sql-questions';

/** Chunk rows (8 KB each) one statement may read: keeps each statement short (on PGlite it blocks the API thread). */
const ROWS_PER_STATEMENT = 512;

/**
 * The `es` data source: the questions in SQL, asked in slices of chunks. Between slices the
 * event loop runs (PGlite computes on the API thread) and the time limit is checked, so a
 * runaway question stops at the next slice and says so. Answers add up across slices.
 */
export class SqlEngine implements CountEngine {
  constructor(
    private readonly db: Db,
    private readonly peopleOf: (clientRegionId: number) => number,
    private readonly timeLimitMs: number,
  ) {}

  private async sliced<T>(clientRegionId: number, sets: number, ask: (range: ChunkRange) => Promise<T>, add: (total: T, part: T) => T): Promise<T> {
    const chunks = Math.max(1, Math.ceil(this.peopleOf(clientRegionId) / CHUNK_BITS));
    const step = Math.max(1, Math.floor(ROWS_PER_STATEMENT / Math.max(1, sets)));
    const deadline = performance.now() + this.timeLimitMs;
    let total: T | undefined;
    for (let lo = 0; lo < chunks; lo += step) {
      if (lo > 0) {
        if (performance.now() > deadline) throw new TimeLimitError(this.timeLimitMs);
        await yieldToLoop();
      }
      const part = await ask({ lo, hi: Math.min(chunks, lo + step) - 1 });
      total = total === undefined ? part : add(total, part);
    }
    if (performance.now() > deadline) throw new TimeLimitError(this.timeLimitMs);
    return total!;
  }

  count(region: number, rules: AudienceRules) {
    return this.sliced(region, ruleSets(rules), (range) => countRuleSql(this.db, region, rules, range), (a, b) => a + b);
  }

  counts(region: number, question: CountsQuestion): Promise<CountsAnswer> {
    const sets = [...Object.values(question.matched), ...Object.values(question.modeled), question.focusMatched, question.focusModeled, ...question.groups].reduce((n, l) => n + l.length, 0);
    return this.sliced(region, sets * 2, (range) => countsSql(this.db, region, question, range), (a, b) => {
      for (const [id, n] of Object.entries(b.segment_counts)) a.segment_counts[id] = (a.segment_counts[id] ?? 0) + n;
      for (const [m, c] of Object.entries(b.market_counts)) {
        const t = (a.market_counts[m] ??= { matched: 0, modeled: 0 });
        t.matched += c.matched;
        t.modeled += c.modeled;
      }
      a.total_matched_count += b.total_matched_count;
      a.total_modeled_count += b.total_modeled_count;
      return a;
    });
  }

  async widget(region: number, rules: AudienceRules, attributeIds: number[]): Promise<WidgetAnswer> {
    const answer = await this.sliced(region, ruleSets(rules) + attributeIds.length, (range) => widgetCountsSql(this.db, region, rules, attributeIds, range), (a, b) => ({
      audienceCount: a.audienceCount + b.audienceCount,
      values: a.values.map((v, i) => ({ ...v, count: v.count + b.values[i]!.count, valueSize: v.valueSize + b.values[i]!.valueSize })),
    }));
    return { ...answer, people: this.peopleOf(region) };
  }

  overlap(region: number, audiences: AudienceRules[]): Promise<OverlapAnswer> {
    return this.sliced(region, audiences.reduce((n, r) => n + ruleSets(r), 0) * 2, (range) => overlapSql(this.db, region, audiences, range), (a, b) => ({
      sizes: a.sizes.map((n, i) => n + b.sizes[i]!),
      pairs: a.pairs.map((p, i) => ({ ...p, count: p.count + b.pairs[i]!.count })),
    }));
  }
}

function ruleSets(rules: AudienceRules): number {
  return rules.include.and.reduce((n, g) => n + g.length, 0) + rules.exclude.length;
}
