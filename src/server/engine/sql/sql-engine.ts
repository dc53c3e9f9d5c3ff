import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { Db } from '../../db/client';
import { addCounts, addIntersections, addOverlap, addRuleCounts, addWidget } from '../answers';
import { checkIntersected, TimeLimitError, type CountEngine, type CountsAnswer, type CountsQuestion, type IntersectionsAnswer, type OverlapAnswer, type RuleCountsAnswer, type WidgetAnswer } from '../questions';
import { CHUNK_BITS } from './chunk-codec';
import { countRuleSql, countsSql, intersectionsSql, overlapSql, ruleCountsSql, widgetCountsSql, type ChunkRange } from './sql-questions';

/** Chunk rows (8 KB each) one statement may read: keeps each statement short, so others' statements run between. */
const ROWS_PER_STATEMENT = 256;

/**
 * The `es` data source: the questions in SQL, asked in slices of chunks. Between slices other
 * statements run and the time limit is checked (and `stopped`, the asker giving up), so a
 * runaway question stops at the next slice and says so. Answers add up across slices. On
 * embedded PGlite it runs in the count store's worker thread (worker-count-store.ts).
 */
/** PostgreSQL's statement_timeout (57014), directly or as the cause drizzle wraps. */
function cancelledByTimeout(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '57014') return true;
  }
  return false;
}

export class SqlEngine implements CountEngine {
  constructor(
    private readonly db: Db,
    private readonly peopleOf: (clientRegionId: number) => number,
    private readonly timeLimitMs: number,
    private readonly stopped: () => boolean = () => false,
  ) {}

  private async sliced<T>(clientRegionId: number, sets: number, ask: (range: ChunkRange) => Promise<T>, add: (total: T, part: T) => T): Promise<T> {
    const chunks = Math.max(1, Math.ceil(this.peopleOf(clientRegionId) / CHUNK_BITS));
    const step = Math.max(1, Math.floor(ROWS_PER_STATEMENT / Math.max(1, sets)));
    const deadline = performance.now() + this.timeLimitMs;
    let total: T | undefined;
    for (let lo = 0; lo < chunks; lo += step) {
      if (lo > 0) {
        if (performance.now() > deadline || this.stopped()) throw new TimeLimitError(this.timeLimitMs);
        await yieldToLoop();
      }
      const part = await ask({ lo, hi: Math.min(chunks, lo + step) - 1 }).catch((error: unknown) => {
        throw cancelledByTimeout(error) ? new TimeLimitError(this.timeLimitMs) : error;
      });
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
    return this.sliced(region, sets * 2, (range) => countsSql(this.db, region, question, range), addCounts);
  }

  async widget(region: number, rules: AudienceRules | null, attributeIds: number[]): Promise<WidgetAnswer> {
    const answer = await this.sliced(region, (rules ? ruleSets(rules) : 0) + attributeIds.length, (range) => widgetCountsSql(this.db, region, rules, attributeIds, range), addWidget);
    const people = this.peopleOf(region);
    return { ...answer, audienceCount: rules ? answer.audienceCount : people, people };
  }

  async ruleCounts(region: number, rules: AudienceRules): Promise<RuleCountsAnswer> {
    const people = this.peopleOf(region);
    const answer = await this.sliced(region, ruleSets(rules), (range) => ruleCountsSql(this.db, region, rules, range).then((a) => ({ ...a, people })), addRuleCounts);
    return answer;
  }

  overlap(region: number, audiences: AudienceRules[]): Promise<OverlapAnswer> {
    return this.sliced(region, audiences.reduce((n, r) => n + ruleSets(r), 0) * 2, (range) => overlapSql(this.db, region, audiences, range), addOverlap);
  }

  async intersections(region: number, audiences: AudienceRules[]): Promise<IntersectionsAnswer> {
    checkIntersected(audiences.length);
    const people = this.peopleOf(region);
    // Each audience's chunks are read once and joined in each of its 2^(k-1) intersections.
    const sets = audiences.reduce((n, r) => n + ruleSets(r), 0) * (1 << (audiences.length - 1));
    return this.sliced(region, sets, (range) => intersectionsSql(this.db, region, audiences, range).then((a) => ({ ...a, people })), addIntersections);
  }
}

function ruleSets(rules: AudienceRules): number {
  return [...rules.include.and, ...rules.values].reduce((n, g) => n + g.length, 0) + rules.exclude.length;
}
