import { describe, expect, it } from 'vitest';
import { widgetMaths } from '@shared/rules/insights';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { WidgetAnswer } from '../../engine/questions';
import { categoryRows, readableReason, ReportError, stopReason, type Ask } from './index-report-job';
import type { IndexReportRequest } from './index-report-request';

const audience: AudienceRules = { include: { and: [[1]] }, exclude: [], values: [] };
const baseRules: AudienceRules = { include: { and: [[2]] }, exclude: [3], values: [] };
const values = [{ id: 10, name: 'Young' }, { id: 11, name: 'Old' }];
const request = (compare: IndexReportRequest['compare_base']): IndexReportRequest => ({
  name: 'r', audience: { name: 'a', rules: audience }, categories: [5], compare_base: compare, tab: 'person_level',
  data_source: 'molecula', client_region_id: 1, context: { slug: 'a/b/c/d', name: 'A / B / C / D', region: 'B' },
});

/** Answers by the rule asked: the audience, the base, or their intersection. */
function fakeAsk(answers: Record<string, WidgetAnswer>) {
  const asked: AudienceRules[] = [];
  const ask: Ask = async (rules, ids) => {
    asked.push(rules);
    expect(ids).toEqual([10, 11]);
    const answer = answers[JSON.stringify(rules)];
    if (!answer) throw new Error(`unexpected rule ${JSON.stringify(rules)}`);
    return answer;
  };
  return { ask, asked };
}

describe('categoryRows', () => {
  it('with everyone as base: one question, the insights widget rows', async () => {
    const answer: WidgetAnswer = { audienceCount: 400, people: 10_000, values: [{ attributeId: 11, count: 30, valueSize: 4_000 }, { attributeId: 10, count: 250, valueSize: 2_000 }] };
    const { ask, asked } = fakeAsk({ [JSON.stringify(audience)]: answer });
    const out = await categoryRows(ask, request({ type: 'population' }), values);
    expect(asked).toHaveLength(1);
    expect(out).toMatchObject({ audienceSize: 400, baseSize: 10_000 });
    // Rows in the catalogue's order, matched by value id.
    expect(out.rows).toEqual([
      { name: 'Young', count: 250, base_count: 2_000, ...widgetMaths(250, 400, 2_000, 10_000) },
      { name: 'Old', count: 30, base_count: 4_000, ...widgetMaths(30, 400, 4_000, 10_000) },
    ]);
  });

  it('against a base audience: shares of the base, z against the base outside the audience', async () => {
    const both: AudienceRules = { include: { and: [[1], [2]] }, exclude: [3], values: [] };
    const { ask, asked } = fakeAsk({
      [JSON.stringify(audience)]: { audienceCount: 400, people: 10_000, values: [{ attributeId: 10, count: 200, valueSize: 2_000 }, { attributeId: 11, count: 200, valueSize: 8_000 }] },
      [JSON.stringify(baseRules)]: { audienceCount: 1_000, people: 10_000, values: [{ attributeId: 10, count: 100, valueSize: 2_000 }, { attributeId: 11, count: 900, valueSize: 8_000 }] },
      [JSON.stringify(both)]: { audienceCount: 100, people: 10_000, values: [{ attributeId: 10, count: 40, valueSize: 2_000 }, { attributeId: 11, count: 60, valueSize: 8_000 }] },
    });
    const out = await categoryRows(ask, request({ type: 'audience', name: 'Base', rules: baseRules }), values);
    expect(asked).toHaveLength(3);
    expect(out).toMatchObject({ audienceSize: 400, baseSize: 1_000 });
    const young = out.rows[0]!;
    expect(young).toMatchObject({ name: 'Young', count: 200, base_count: 100, share: 0.5, base_share: 0.1 });
    expect(young.index).toBeCloseTo(500);
    const p = (200 + 60) / (400 + 900);
    expect(young.z_score).toBeCloseTo((0.5 - 60 / 900) / Math.sqrt(p * (1 - p) * (1 / 400 + 1 / 900)), 10);
  });
});

describe('readableReason', () => {
  it("passes on the report's own reasons and the engine's time limit, and hides anything else", () => {
    expect(readableReason(new ReportError('The category 5 no longer exists.'))).toBe('The category 5 no longer exists.');
    const limit = Object.assign(new Error('The count took longer than 15 s and was stopped.'), { name: 'TimeLimitError' });
    expect(readableReason(limit)).toBe(limit.message);
    expect(readableReason(new TypeError("Cannot read properties of undefined (reading 'x')"))).toMatch(/^The report could not be made because of an unexpected error/);
    expect(readableReason('boom')).toMatch(/unexpected error/);
  });
});

describe('stopReason', () => {
  it("says why a job was stopped, from its signal's reason, a string or an error", () => {
    expect(stopReason('The job ran past its time limit of 600 s')).toBe('The report was stopped: The job ran past its time limit of 600 s.');
    expect(stopReason(new Error('The job was cancelled.'))).toBe('The report was stopped: The job was cancelled.');
    expect(stopReason(undefined)).toBe('The report was stopped.');
  });
});
