/**
 * npm run bench:plans: how long the planner's "Optimise" takes for 8 media types over 52 weeks,
 * and what it gains over the plan, beside evaluating the plan once (the baseline: one pass of
 * every curve over every week), in the same run (issue 31). The demo product's curve set and a
 * plan of 52 weeks with bursts and off weeks, as planning systems export them. Also the inverse
 * (the least budget that reaches the plan's response +5 %), and the same optimise with the
 * curves made S-shaped (B x 2), where a greedy climb is most likely to stall.
 * Figures only; nothing fails on a time.
 */
import { performance } from 'node:perf_hooks';
import { MEDIA_TYPES } from '../../src/shared/rules/curves';
import { defaultBounds, evaluate, leastBudgetFor, optimise, shapeOf, type MediaLine } from '../../src/shared/rules/scenarios';
import { DEMO_CURVES } from '../../src/server/db/demo-plans';

const WEEKS = 52;
const RUNS = 7;
const BASE_WEEKLY: Record<string, number> = {
  TV: 230_000, 'Online Video': 85_000, Display: 32_000, Social: 52_000, Search: 29_000, Audio: 26_000, 'Out of Home': 41_000, Print: 18_000,
};

function weeklyPlan(media: string, i: number): number[] {
  return Array.from({ length: WEEKS }, (_, w) => {
    const burst = 1 + 0.35 * Math.sin((w + i) * 0.9) + ((w + i) % 5 === 0 ? 0.4 : 0);
    const off = (media === 'TV' || media === 'Out of Home') && w % 4 === 3;
    return off ? 0 : Math.round((BASE_WEEKLY[media]! * Math.max(0, burst)) / 100) * 100;
  });
}

function linesOf(slope = 1): MediaLine[] {
  return MEDIA_TYPES.map((media, i) => {
    const weekly = weeklyPlan(media, i);
    const planned = weekly.reduce((s, x) => s + x, 0);
    const curve = DEMO_CURVES[media]!;
    return { media_type: media, curve: { curve_type_name: curve.curveTypeName, params: { ...curve.params, b: curve.params.b * slope } }, shape: shapeOf(weekly), planned, ...defaultBounds(planned) };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (work: () => void) => {
  const ms: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t = performance.now();
    work();
    ms.push(performance.now() - t);
  }
  return median(ms);
};
const fmt = (n: number, d = 1) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function report(name: string, lines: MediaLine[]) {
  const budget = lines.reduce((s, l) => s + l.planned, 0);
  const evalMs = time(() => evaluate(lines, lines.map((l) => l.planned)));
  let best: ReturnType<typeof optimise> | null = null;
  const optMs = time(() => (best = optimise(lines, budget)));
  const found = best! as Extract<ReturnType<typeof optimise>, { ok: true }>;
  if (!found.ok) throw new Error('optimise failed');
  const target = found.planned.response * 1.05;
  let least: ReturnType<typeof leastBudgetFor> | null = null;
  const invMs = time(() => (least = leastBudgetFor(lines, target)));
  const inv = least! as ReturnType<typeof leastBudgetFor>;
  console.log(`\n${name}: ${lines.length} media types x ${WEEKS} weeks, budget $${fmt(budget, 0)}`);
  console.log(`  evaluate the plan once       ${fmt(evalMs, 3)} ms (baseline)`);
  console.log(`  optimise (±30 % per type)    ${fmt(optMs)} ms  = ${fmt(optMs / evalMs, 0)}x the baseline`);
  console.log(`  response: plan ${fmt(found.planned.response)}, optimised ${fmt(found.result.response)}: +${fmt(found.gain)} (+${fmt(found.gain_pct ?? 0)} % of the plan's incremental response)`);
  console.log(`  least budget for plan +5 %   ${fmt(invMs)} ms: ${inv.ok ? `$${fmt(inv.budget, 0)} (${fmt((inv.budget / budget - 1) * 100)} % against the plan's budget)` : inv.message}`);
  for (const [i, l] of lines.entries()) {
    console.log(`    ${l.media_type.padEnd(13)} plan $${fmt(l.planned, 0).padStart(12)}  optimised $${fmt(found.spends[i]!, 0).padStart(12)}  (${fmt((found.spends[i]! / l.planned - 1) * 100).padStart(6)} %)`);
  }
}

report('The demo curve set', linesOf());
report('The same curves made S-shaped (B x 2)', linesOf(2));
