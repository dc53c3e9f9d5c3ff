/**
 * Part (b) of npm run bench:journey (tests/bench/journey.ts): how fast a Journey view renders once
 * its data is in the query cache (issue 17: a 4 brands x 10 stages journey with transitions in at
 * most 300 ms), in a real Chromium against the real server, by grow-render.ts's method.
 *
 * Three journeys are made through the API in acme/us/fizz-original: 4 x 10 with transitions (the
 * demo funnel's segments for the first five stages, other live segments for the rest), 1 x 1 with
 * a segment (the baseline), and a 1 x 1 without one to leave them for. Each is opened once (its
 * journey and counts are then cached), then reached N times by in-app navigation through the
 * journey picker, timed in the page from the click on the picker's item until every gauge is in
 * the DOM with its count and every arrow with its share (a MutationObserver), and until the next
 * animation frame after that (the frame that paints it). Figures only; nothing fails.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, fmt, launchChromium, logIn, median, p90, sessionApi, startDemoServer, stop } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-journey-data');
const PORT = Number(process.env.JOURNEY_BENCH_PORT ?? 8297);
const BASE = `http://127.0.0.1:${PORT}`;
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const JOURNEY = `${BASE}/${CONTEXT}/insights/journey`;
const RUNS = 11;
const TARGET_MS = 300;
const BRANDS = ['Fizz Original', 'Bubble Up Cola', 'Crest Soda', 'Polar Fizz'];

/** A journey of brands x stages, with transitions; cell (b, s) names segmentOf(b, s). */
async function makeJourney(
  api: Awaited<ReturnType<typeof sessionApi>>,
  name: string,
  brands: string[],
  stages: number,
  segmentOf: (b: number, s: number) => number | null,
): Promise<{ id: number; name: string }> {
  const brandIds = brands.map(() => `tmp-${crypto.randomUUID()}`);
  const stageIds = Array.from({ length: stages }, () => `tmp-${crypto.randomUUID()}`);
  return api.post('/api/journeys', {
    name,
    default: false,
    has_transition_data: true,
    brands: brands.map((b, order) => ({ id: brandIds[order], name: b, order })),
    stages: stageIds.map((id, priority) => ({ id, name: `Stage ${priority + 1}`, priority, icon: 'circle-1' })),
    sub_markets: brandIds.flatMap((brandId, b) => stageIds.map((stageId, s) => ({
      journey_brand_id: brandId, journey_stage_id: stageId, population: 10_000_000 - 800_000 * s, matched_id: segmentOf(b, s),
    }))),
  }, 201);
}

/** In the page: is journey `n` shown with `g` gauges that have counts and `t` arrows? (Installed as an init script: the page's CSP refuses eval.) */
function drawn(n: string, g: number, t: number): boolean {
  if (!(document.querySelector('[aria-label="Journey"]')?.textContent?.includes(n) ?? false)) return false;
  const gauges = document.querySelectorAll('[aria-label="Stages"] .stage__gauge');
  if (gauges.length !== g) return false;
  for (const b of gauges) if (!(b.getAttribute('aria-label') ?? '').includes(' people.')) return false;
  return document.querySelectorAll('[aria-label="Stages"] .journey-stages__transition').length === t;
}
type Drawn = typeof drawn;

/** Opens a journey through the picker, untimed, and waits until it is drawn with its counts. */
async function pick(page: Page, name: string, gauges: number, arrows: number) {
  await page.getByRole('button', { name: 'Journey', exact: true }).click();
  await page.getByRole('menuitem', { name }).click();
  await page.waitForFunction(([n, g, t]) => (globalThis as unknown as { journeyDrawn: Drawn }).journeyDrawn(n, g, t), [name, gauges, arrows] as const, { timeout: 60_000 });
}

/** The timed navigation: the picker is opened, then, in the page, the item is clicked and the drawing timed. */
async function timedPick(page: Page, name: string, gauges: number, arrows: number): Promise<{ dom: number; frame: number }> {
  await page.getByRole('button', { name: 'Journey', exact: true }).click();
  await page.getByRole('menuitem', { name }).waitFor();
  return page.evaluate(([n, g, t]) => new Promise<{ dom: number; frame: number }>((resolve, reject) => {
    const isDrawn = (globalThis as unknown as { journeyDrawn: Drawn }).journeyDrawn;
    const item = [...document.querySelectorAll('[role="menuitem"]')].find((e) => e.querySelector('.journey-picker__name')?.textContent === n);
    if (!(item instanceof HTMLElement)) return reject(new Error(`no picker item ${n}`));
    const timeout = setTimeout(() => reject(new Error(`${n} was not drawn within 30 s`)), 30_000);
    const observer = new MutationObserver(() => {
      if (!isDrawn(n, g, t)) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timeout);
        resolve({ dom, frame: performance.now() - t0 });
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    const t0 = performance.now();
    item.click();
  }), [name, gauges, arrows] as const);
}


export async function journeyRenderBench() {
  const server = await startDemoServer(DATA_DIR, PORT);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    // tsx names inner functions with a __name helper the page does not have.
    await page.addInitScript('globalThis.__name = (f) => f');
    await page.addInitScript(`globalThis.journeyDrawn = ${drawn.toString()}`);
    await logIn(page, BASE);

    const api = await sessionApi(page, BASE, CONTEXT);
    const segments = await api.waitForSegments();
    const funnel = (brand: string, stage: number) => segments.find((s) => s.vendor_type !== 'modeled' && s.path_parts[1] === brand && s.path_parts[0]?.endsWith('Funnel') && s.path_parts[2] === ['Aware', 'Consider', 'Purchase', 'Repeat', 'Advocate'][stage]);
    const others = segments.filter((s) => s.vendor_type !== 'modeled' && !s.path_parts[0]?.includes('Funnel'));
    const segmentOf = (b: number, s: number) => (s < 5 ? funnel(BRANDS[b]!, s)?.id : others[(b * 5 + s) % others.length]?.id) ?? null;
    const stamp = Date.now().toString(36);
    const big = await makeJourney(api, `Bench 4 x 10 ${stamp}`, BRANDS, 10, segmentOf);
    const small = await makeJourney(api, `Bench 1 x 1 ${stamp}`, ['Fizz Original'], 1, segmentOf);
    const away = await makeJourney(api, `Bench away ${stamp}`, ['Nobody'], 1, () => null);

    // Each journey once, so it and its counts are in the query cache.
    await page.goto(`${JOURNEY}/${away.id}`);
    await page.getByRole('button', { name: 'Journey', exact: true }).waitFor({ timeout: 30_000 });
    await pick(page, big.name, 10, 9);
    await pick(page, small.name, 1, 0);

    // Alternating, so both see the same machine state.
    const smallRuns = { dom: [] as number[], frame: [] as number[] };
    const bigRuns = { dom: [] as number[], frame: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const [journey, gauges, arrows, runs] of [[small, 1, 0, smallRuns], [big, 10, 9, bigRuns]] as const) {
        await page.getByRole('button', { name: 'Journey', exact: true }).click();
        await page.getByRole('menuitem', { name: away.name }).click();
        await page.waitForFunction((n) => document.querySelector('[aria-label="Journey"]')?.textContent?.includes(n) ?? false, away.name);
        const t = await timedPick(page, journey.name, gauges, arrows);
        runs.dom.push(t.dom);
        runs.frame.push(t.frame);
      }
    }

    const line = (label: string, runs: { dom: number[]; frame: number[] }) =>
      `  ${label} median ${fmt(median(runs.frame), 0)} ms, p90 ${fmt(p90(runs.frame), 0)} ms (all gauges in the DOM: median ${fmt(median(runs.dom), 0)} ms, p90 ${fmt(p90(runs.dom), 0)} ms; min ${fmt(Math.min(...runs.frame), 0)}, max ${fmt(Math.max(...runs.frame), 0)})`;
    const bigMedian = median(bigRuns.frame);
    const bigP90 = p90(bigRuns.frame);
    console.log(`\n(b) Journey render: in-app navigation (journey picker) to a journey whose data is in the query cache, until every gauge and arrow is drawn; ${RUNS} runs each`);
    console.log(line('1 x 1 journey (baseline):          ', smallRuns));
    console.log(line('4 x 10 with transitions (10 gauges):', bigRuns));
    console.log(`  ratio 4 x 10 / 1 x 1: median ${fmt(bigMedian / median(smallRuns.frame), 2)}x, p90 ${fmt(bigP90 / p90(smallRuns.frame), 2)}x`);
    console.log(`  target <= ${TARGET_MS} ms (4 x 10, median): ${bigMedian <= TARGET_MS ? 'met' : 'missed'}; p90 ${fmt(bigP90, 0)} ms ${bigP90 <= TARGET_MS ? 'also within' : 'over'} the target`);
  } finally {
    await browser.close();
    await stop(server);
  }
}
