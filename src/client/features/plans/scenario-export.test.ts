import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { evaluate, optimise, scenarioSummary } from '@shared/rules/scenarios';
import type { Curve } from '@shared/schemas/plans';
import { writeWorkbook } from '@shared/xlsx/workbook-writer';
import { comparisonSheets, exportFileName, scenarioSheets, type ScenarioExport } from './scenario-export';
import type { ScenarioView } from './scenario-edits';
import { flightsToSave, scenarioOfPlan } from './scenario-model';

const curve = (media_type: string, c: number): Curve => ({
  id: 1, media_type, curve_type_name: 'Spend', is_generic: media_type === 'TV', error_messages: [],
  params: { a: 0, b: 1.4, c, d: 10_000, e: 1, cpp_or_cpm: null, cpp: null },
});
const curves = [curve('TV', 60_000), curve('Search', 20_000)];
const flights = [{ media_type: 'TV', weekly_budget: [40_000, 60_000] }, { media_type: 'Search', weekly_budget: [30_000, 30_000] }, { media_type: 'Print', weekly_budget: [5_000, 5_000] }];

/** A workbook's sheets as rows of values, as a spreadsheet program reads the file back. */
function readBack(bytes: Uint8Array): Record<string, unknown[][]> {
  const wb = XLSX.read(bytes, { type: 'array' });
  return Object.fromEntries(wb.SheetNames.map((n) => [n, XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[n]!, { header: 1, defval: null })]));
}

function planned(): ScenarioExport {
  const { lines } = scenarioOfPlan({ flights }, curves);
  const result = evaluate(lines, lines.map((l) => l.planned));
  const best = optimise(lines, result.budget);
  if (!best.ok) throw new Error(best.message);
  return {
    name: 'Fizz Spring 2027', facts: 'Fizz Spring 2027 · FZ-2027-SPRING · 2 weeks from 2027-03-01 · USD', currency: 'USD', start_week: '2027-03-01',
    lines, planned: result, optimised: { spends: best.spends, result: best.result }, flights: flightsToSave(flights, lines, best.spends), curves,
  };
}

describe('the scenario export', () => {
  it('writes the split by media type, planned beside proposed, as numbers a spreadsheet can sum', () => {
    const s = planned();
    const sheets = readBack(writeWorkbook(scenarioSheets(s)));
    expect(Object.keys(sheets)).toEqual(['Scenario', 'Weeks', 'Curves']);
    const rows = sheets.Scenario!;
    expect(rows[0]![0]).toBe('Fizz Spring 2027');
    const head = rows.findIndex((r) => r[0] === 'Media type');
    expect(rows[head]!.slice(0, 3)).toEqual(['Media type', 'Planned spend (USD)', 'Proposed spend (USD)']);
    const tv = rows[head + 1]!;
    expect(tv[0]).toBe('TV');
    expect(tv[1]).toBe(100_000);
    expect(tv[2]).toBe(Math.round(s.optimised!.spends[0]!));
    const total = rows[head + 3]!;
    expect(total[0]).toBe('Total');
    // The optimised split spends the same budget, and gives at least the plan's response.
    expect(total[2]).toBe(Math.round(s.optimised!.result.budget));
    expect(Number(total[7])).toBeGreaterThanOrEqual(Number(total[6]));
  });

  it("writes each week's proposed budget per media type, the media type without a curve kept as planned", () => {
    const s = planned();
    const weeks = readBack(writeWorkbook(scenarioSheets(s))).Weeks!;
    expect(weeks[0]).toEqual(['Week', 'TV (USD)', 'Search (USD)', 'Print (USD)', 'Total (USD)']);
    expect(weeks.slice(1, 3).map((r) => r[0])).toEqual(['2027-03-01', '2027-03-08']);
    expect(weeks[1]!.slice(1)).toEqual([...s.flights.map((f) => f.weekly_budget[0]), s.flights.reduce((t, f) => t + f.weekly_budget[0]!, 0)]);
    expect(weeks[3]![0]).toBe('Total');
    expect(weeks[3]![3]).toBe(10_000);
  });

  it('writes the scenarios compared side by side, then each one’s weeks', () => {
    const view = (id: number, name: string, tvWeeks: number[]): ScenarioView => {
      const f = [{ media_type: 'TV', weekly_budget: tvWeeks, min: null, max: null }, { media_type: 'Search', weekly_budget: [10_000, 10_000], min: null, max: null }];
      return { id, name, budget: 0, start_week: '2027-03-01', flights: f, source_import_id: null, summary: scenarioSummary(f, curves), version: 1, created_by: null, updated_at: '' };
    };
    const compared = [view(1, 'Plan as is', [40_000, 60_000]), view(2, 'More TV', [60_000, 80_000])];
    const sheets = readBack(writeWorkbook(comparisonSheets(compared, 'EUR')));
    expect(Object.keys(sheets)).toEqual(['Comparison', 'Plan as is', 'More TV']);
    const rows = sheets.Comparison!;
    expect(rows[0]).toEqual(['Figure', 'Plan as is', 'More TV']);
    expect(rows.find((r) => r[0] === 'Budget (EUR)')).toEqual(['Budget (EUR)', 120_000, 160_000]);
    expect(rows.find((r) => r[0] === 'TV spend (EUR)')).toEqual(['TV spend (EUR)', 100_000, 140_000]);
    const tvShare = rows.find((r) => r[0] === 'TV share')!;
    expect(Number(tvShare[2])).toBeCloseTo(140_000 / 160_000, 9);
  });

  it('names the file from what the user named, without characters a file system refuses', () => {
    expect(exportFileName('Spring: TV/Search*', new Date(2027, 2, 1))).toBe('Spring TV Search 2027-03-01.xlsx');
    expect(exportFileName('  ', new Date(2027, 2, 1))).toBe('Scenario 2027-03-01.xlsx');
  });
});
