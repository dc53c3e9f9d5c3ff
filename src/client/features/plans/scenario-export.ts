import { addDays, format, parseISO } from 'date-fns';
import { inMediaOrder } from '@shared/rules/curves';
import type { MediaLine, ScenarioResult } from '@shared/rules/scenarios';
import type { Curve } from '@shared/schemas/plans';
import { writeWorkbook, type Cell, type SheetSpec } from '@shared/xlsx/workbook-writer';
import type { ScenarioView } from './scenario-edits';
import { flightSpend, type StartFlight } from './scenario-model';

/**
 * The planner's exports (issue 31): a scenario, or the scenarios compared, as an .xlsx workbook
 * made in the page with the shared workbook writer, so it works at a client meeting with no
 * network. Figures are numbers (money in whole units of the plan's currency, named in the
 * headers), not formatted text, so a planner can go on working with them in a spreadsheet.
 */

const header = (value: string): Cell => ({ value, style: 'header' });
const label = (value: string): Cell => ({ value, style: 'label' });
const money = (value: number | null): Cell => ({ value: value === null || !Number.isFinite(value) ? null : Math.round(value), style: 'count' });
const figure = (value: number | null): Cell => ({ value: value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100, style: 'decimal' });
const text = (value: string | null): Cell => ({ value });
const share = (part: number, whole: number): Cell => ({ value: whole > 0 ? part / whole : null, style: 'percent' });

/** What the planner shows of one scenario, as the export reads it. */
export interface ScenarioExport {
  /** The saved scenario's name, or what the planner started from. */
  name: string;
  /** The line under the picker (the plan's name, Project ID, weeks, currency). */
  facts: string;
  currency: string;
  start_week: string | null;
  lines: readonly MediaLine[];
  /** The plan's spends evaluated. */
  planned: ScenarioResult;
  /** The optimised split, when Optimise has run for the inputs shown. */
  optimised: { spends: readonly number[]; result: ScenarioResult } | null;
  /** The flights as they would be saved (the optimised split's weeks after Optimise). */
  flights: readonly StartFlight[];
  curves: readonly Curve[];
}

/** A week's first day from the scenario's first week ('2027-03-01' + 7 days each), or its number. */
function weekLabels(start: string | null, weeks: number): string[] {
  const first = start ? parseISO(start) : null;
  return Array.from({ length: weeks }, (_, i) => (first && !Number.isNaN(first.getTime()) ? format(addDays(first, 7 * i), 'yyyy-MM-dd') : `Week ${i + 1}`));
}

/** The media types' weeks side by side: a row per week, a column per media type, and the week's total. */
function weeklySheet(name: string, flights: readonly StartFlight[], start: string | null, currency: string): SheetSpec {
  const weeks = Math.max(0, ...flights.map((f) => f.weekly_budget.length));
  const labels = weekLabels(start, weeks);
  return {
    name,
    rows: [
      [header('Week'), ...flights.map((f) => header(`${f.media_type} (${currency})`)), header(`Total (${currency})`)],
      ...labels.map((week, i) => [text(week), ...flights.map((f) => money(f.weekly_budget[i] ?? 0)), money(flights.reduce((s, f) => s + Math.max(0, f.weekly_budget[i] ?? 0), 0))]),
      [label('Total'), ...flights.map((f) => money(flightSpend(f))), money(flights.reduce((s, f) => s + flightSpend(f), 0))],
    ],
    widths: [12, ...flights.map(() => 18), 16],
    freezeHeader: true,
  };
}

/** The scenario's sheets: the split by media type, its weeks, and the curves it was planned with. */
export function scenarioSheets(s: ScenarioExport): SheetSpec[] {
  const c = s.currency;
  const proposed = s.optimised ?? { spends: s.lines.map((l) => l.planned), result: s.planned };
  const split: (Cell | null)[][] = [
    [{ value: s.name, style: 'title' }],
    [text(s.facts)],
    [text(s.optimised ? 'Proposed: the optimised split of the total budget.' : 'Proposed: the plan as it is (Optimise was not run).')],
    [],
    [
      header('Media type'), header(`Planned spend (${c})`), header(`Proposed spend (${c})`), header('Change'), header(`Min spend (${c})`), header(`Max spend (${c})`),
      header('Planned response'), header('Proposed response'), header('Proposed incremental'), header(`Marginal response per 1,000 ${c}`), header(`Cost per response (${c})`),
    ],
    ...s.lines.map((line, i) => {
      const p = s.planned.lines[i];
      const r = proposed.result.lines[i];
      const spend = proposed.spends[i] ?? 0;
      return [
        text(line.media_type), money(line.planned), money(spend), line.planned > 0 ? { value: (spend - line.planned) / line.planned, style: 'percent' as const } : text(spend > 0 ? 'new' : null),
        money(line.min), money(line.max), figure(p?.response ?? null), figure(r?.response ?? null), figure(r?.incremental ?? null), figure(r ? r.marginal * 1000 : null), figure(r?.cost_per_response ?? null),
      ];
    }),
    [
      label('Total'), money(s.planned.budget), money(proposed.result.budget),
      s.planned.budget > 0 ? { value: (proposed.result.budget - s.planned.budget) / s.planned.budget, style: 'percent' } : null,
      null, null, figure(s.planned.response), figure(proposed.result.response), figure(proposed.result.incremental), null, figure(proposed.result.cost_per_response),
    ],
  ];
  const curves: (Cell | null)[][] = [
    [header('Media type'), header('Curve type'), header('A Base'), header('B Slope'), header('C Acceleration'), header('D Asymptote'), header('E Asymmetry'), header('CppOrCpm'), header('CPP'), header('Generic')],
    ...s.lines.map((line) => {
      const curve = s.curves.find((k) => k.media_type === line.media_type);
      const p = line.curve.params;
      return [
        text(line.media_type), text(line.curve.curve_type_name), figure(p.a), figure(p.b), figure(p.c), figure(p.d), figure(p.e),
        p.cpp_or_cpm === null || p.cpp_or_cpm === undefined ? null : { value: p.cpp_or_cpm }, figure(p.cpp ?? null), text(curve?.is_generic ? 'Yes' : 'No'),
      ];
    }),
  ];
  return [
    { name: 'Scenario', rows: split, widths: [16, 18, 18, 10, 16, 16, 16, 17, 19, 24, 20] },
    weeklySheet('Weeks', s.flights, s.start_week, c),
    { name: 'Curves', rows: curves, widths: [16, 12, 10, 10, 14, 12, 12, 10, 10, 9], freezeHeader: true },
  ];
}

/** The scenarios compared: their figures and mix side by side, then each one's weeks. */
export function comparisonSheets(scenarios: readonly ScenarioView[], currency: string): SheetSpec[] {
  const media = inMediaOrder(scenarios.flatMap((s) => s.flights.map((f) => f.media_type)));
  const row = (name: string, cell: (s: ScenarioView) => Cell | null): (Cell | null)[] => [label(name), ...scenarios.map(cell)];
  const spendOf = (s: ScenarioView, m: string) => {
    const f = s.flights.find((x) => x.media_type === m);
    return f ? flightSpend(f) : null;
  };
  const rows: (Cell | null)[][] = [
    [header('Figure'), ...scenarios.map((s) => header(s.name))],
    row(`Budget (${currency})`, (s) => money(s.summary.budget)),
    row('Response', (s) => figure(s.summary.response)),
    row('Incremental response', (s) => figure(s.summary.incremental)),
    row(`Cost per response (${currency})`, (s) => figure(s.summary.cost_per_response)),
    row('Without a curve', (s) => text(s.summary.missing_curves.join(', ') || null)),
    row('Start week', (s) => text(s.start_week)),
    ...media.flatMap((m) => [
      row(`${m} spend (${currency})`, (s) => money(spendOf(s, m))),
      row(`${m} share`, (s) => {
        const spend = spendOf(s, m);
        return spend === null ? null : share(spend, s.summary.budget);
      }),
    ]),
  ];
  return [
    { name: 'Comparison', rows, widths: [28, ...scenarios.map(() => 20)], freezeHeader: true },
    ...scenarios.map((s) => weeklySheet(s.name, s.flights, s.start_week, currency)),
  ];
}

/** A file name from what the user named, without the characters file systems refuse. */
export const exportFileName = (name: string, when = new Date()) => `${name.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'Scenario'} ${format(when, 'yyyy-MM-dd')}.xlsx`;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Saves the workbook through the browser's download (no server: it works offline). */
export function downloadWorkbook(sheets: SheetSpec[], fileName: string, title: string): void {
  const bytes = writeWorkbook(sheets, { title });
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const exportScenario = (s: ScenarioExport) => downloadWorkbook(scenarioSheets(s), exportFileName(s.name), s.name);

export const exportComparison = (scenarios: readonly ScenarioView[], currency: string) =>
  downloadWorkbook(comparisonSheets(scenarios, currency), exportFileName(`Scenarios compared (${scenarios.length})`), 'Scenarios compared');
