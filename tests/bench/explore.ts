/**
 * npm run bench:explore: Explore's figures (issue 15), in a real Chromium against the real server
 * on demo data of BENCH_PEOPLE people (1M by default).
 *  1. From a persona picked in the dropdown to every widget of Person Level drawn with its rows
 *     (target <= 500 ms): the first pick of each persona (its widgets asked of the server), and
 *     picks of personas seen before (from the query cache) as the baseline in the same run.
 *  2. The builder's count after an edit (target <= 300 ms): from a NOT toggled on a segment of a
 *     three-group rule until the People count is the new rule's (debounce and request included),
 *     beside the rule-counts request alone, timed from the page.
 * Figures only; nothing fails.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ROOT, fmt, launchChromium, logIn, median, p90, startDemoServer, stop } from './lib';

const DATA_DIR = path.join(ROOT, '.tmp/bench-explore-data');
const PORT = Number(process.env.EXPLORE_BENCH_PORT ?? 8296);
const BASE = `http://127.0.0.1:${PORT}`;
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const CONTEXT = 'acme/us/fizz-cola/fizz-original';
const EXPLORE = `${BASE}/${CONTEXT}/insights/explore`;
const PERSONAS = 8;
const EDITS = 10;

interface Persona {
  id: number;
  name: string;
  is_all_data: boolean;
}

const line = (label: string, xs: number[]) =>
  `  ${label}: median ${fmt(median(xs), 0)} ms, p90 ${fmt(p90(xs), 0)} ms, min ${fmt(Math.min(...xs), 0)}, max ${fmt(Math.max(...xs), 0)} (${xs.length} runs)`;

async function api(page: Page) {
  const csrf = (await page.evaluate(() => localStorage.getItem('csrfToken'))) ?? '';
  const headers = { 'x-csrf-token': csrf, 'x-context': CONTEXT };
  return {
    async get<T>(url: string): Promise<{ status: number; body: T }> {
      const res = await page.request.get(`${BASE}${url}`, { headers });
      return { status: res.status(), body: (res.ok() ? await res.json() : null) as T };
    },
    /** Answers once the region's data is ready (503 DATA_NOT_READY is asked again, for up to 10 minutes). */
    async post<T>(url: string, data: unknown): Promise<T> {
      const t0 = performance.now();
      for (;;) {
        const res = await page.request.post(`${BASE}${url}`, { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data });
        if (res.ok()) return ((await res.json()) as { data: T }).data;
        if (res.status() !== 503 || performance.now() - t0 > 600_000) throw new Error(`POST ${url}: ${res.status()} ${await res.text()}`);
        await new Promise((r) => setTimeout(r, 2_000));
      }
    },
  };
}

/** Live, non-empty segments of the region: 503 until the demo data is ready. */
async function segments(a: Awaited<ReturnType<typeof api>>): Promise<number[]> {
  const t0 = performance.now();
  for (;;) {
    const { status, body } = await a.get<{ data: { id: number; deleted: boolean; count: { people: Record<string, number> } }[] }>('/api/segments?region=us&per_page=200');
    if (status === 200) return body.data.filter((s) => !s.deleted && (s.count.people.us ?? 0) > PEOPLE / 1000).map((s) => s.id);
    if (performance.now() - t0 > 600_000) throw new Error('the demo data was not ready within 10 minutes');
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** In the page: clicks the persona's option and times until it is picked and every widget has its rows, and the next frame. */
function timedPick(page: Page, name: string): Promise<number> {
  return page.evaluate((n) => new Promise<number>((resolve, reject) => {
    const option = [...document.querySelectorAll('[role="option"] button')].find((b) => b.textContent?.replace(' (default)', '').replace('Pending sync', '').trim() === n);
    if (!(option instanceof HTMLElement)) return reject(new Error(`no option ${n}`));
    const done = () => {
      if (!(document.querySelector('.persona-picker__trigger')?.getAttribute('aria-label') ?? '').endsWith(`: ${n}`)) return false;
      const widgets = [...document.querySelectorAll('.insight-widget')];
      return widgets.length > 0 && widgets.every((w) => w.getAttribute('aria-busy') === 'false' && w.querySelector('tbody tr') !== null);
    };
    const timeout = setTimeout(() => reject(new Error(`${n}: widgets not drawn within 30 s`)), 30_000);
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timeout);
        resolve(performance.now() - t0);
      });
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    option.click();
  }), name);
}

async function pickTimed(page: Page, name: string): Promise<number> {
  await page.locator('.persona-picker__trigger').click();
  await page.getByRole('listbox', { name: 'Personas' }).waitFor();
  return timedPick(page, name);
}

/** In the page: toggles NOT on the segment chip `chip` and times until the People count is fresh again. */
function timedEdit(page: Page, chip: string): Promise<number> {
  return page.evaluate((c) => new Promise<number>((resolve, reject) => {
    const not = document.querySelector(`button[aria-label="NOT ${CSS.escape(c)}"]`) ?? [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === `NOT ${c}`);
    if (!(not instanceof HTMLElement)) return reject(new Error(`no NOT ${c}`));
    const section = document.querySelector('section[aria-label="People"]');
    if (!section) return reject(new Error('no People section'));
    const timeout = setTimeout(() => reject(new Error('count not fresh within 10 s')), 10_000);
    let sawStale = false;
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      const busy = section.getAttribute('aria-busy') === 'true';
      if (busy) sawStale = true;
      if (!sawStale || busy) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        clearTimeout(timeout);
        resolve(performance.now() - t0);
      });
    });
    observer.observe(section, { subtree: true, childList: true, attributes: true, characterData: true });
    not.click();
  }), chip);
}

async function main() {
  console.log(`Starting the demo server on ${fmt(PEOPLE, 0)} people (generating the data takes a while)...`);
  const server = await startDemoServer(DATA_DIR, PORT, PEOPLE);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // tsx names inner functions with a __name helper the page does not have.
    await page.addInitScript('globalThis.__name = (f) => f');
    await logIn(page, BASE, 'analyst@acme.test');
    const a = await api(page);
    const ids = await segments(a);
    if (ids.length < 12) throw new Error(`only ${ids.length} usable segments`);

    // Personas of three groups and an exclude, each over other segments, so each asks new questions.
    const stamp = Date.now().toString(36);
    const made: Persona[] = [];
    for (let i = 0; i < PERSONAS; i++) {
      const pick = (k: number) => ids[(i * 7 + k) % ids.length]!;
      made.push(await a.post<Persona>('/api/personas', {
        name: `Bench ${stamp} ${i + 1}`,
        identifiers: { include: { and: [[pick(0), pick(1)], [pick(2), pick(3)], [pick(4), pick(5)]] }, exclude: [pick(6)] },
      }));
    }

    await page.goto(EXPLORE);
    await page.locator('.insight-widget tbody tr').first().waitFor({ timeout: 120_000 });
    const first: number[] = [];
    for (const p of made) first.push(await pickTimed(page, p.name));
    const again: number[] = [];
    for (let round = 0; round < 2; round++) for (const p of made) again.push(await pickTimed(page, p.name));

    // The builder on the first bench persona: NOT toggled on one segment, back and forth.
    await page.goto(`${EXPLORE}/builder/${made[0]!.id}?action=edit&referer=Explore`);
    const chip = page.locator('.rule-chip').first();
    await chip.waitFor({ timeout: 30_000 });
    const chipName = (await chip.getAttribute('aria-label')) ?? '';
    await page.locator('section[aria-label="People"] strong').waitFor({ timeout: 30_000 });
    const edits: number[] = [];
    for (let i = 0; i < EDITS; i++) edits.push(await timedEdit(page, chipName));
    // The request alone, from the page, for the same rule.
    const requestMs: number[] = [];
    const rule = { include: { and: [[ids[0]!, ids[1]!], [ids[2]!, ids[3]!], [ids[4]!, ids[5]!]] }, exclude: [ids[6]!] };
    for (let i = 0; i < EDITS; i++) {
      requestMs.push(await page.evaluate(async ([r, ctx]) => {
        const t0 = performance.now();
        const res = await fetch('/api/insights/rule-counts', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-context': ctx, 'x-csrf-token': localStorage.getItem('csrfToken') ?? '' },
          body: JSON.stringify({ rules: r }),
        });
        await res.json();
        return performance.now() - t0;
      }, [rule, CONTEXT] as const));
    }

    console.log(`\nExplore (issue 15) at ${fmt(PEOPLE, 0)} people, 1920x1080`);
    console.log('Persona picked -> every Person Level widget drawn with its rows (target <= 500 ms):');
    console.log(line('first pick of a persona (asked of the server)', first));
    console.log(line('picks of personas seen before (baseline, cache)', again));
    console.log(`  ratio first / seen before: ${fmt(median(first) / median(again), 2)}x; target ${median(first) <= 500 ? 'met' : 'missed'} (median)`);
    console.log('Builder: NOT toggled -> the People count of the new rule shown (target <= 300 ms):');
    console.log(line('edit to fresh count (250 ms debounce included)', edits));
    console.log(line('rule-counts request alone (baseline)', requestMs));
    console.log(`  target ${median(edits) <= 300 ? 'met' : 'missed'} (median)`);
  } finally {
    await browser.close();
    await stop(server);
  }
}

await main();
