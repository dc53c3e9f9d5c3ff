import { expect, type APIRequestContext, type Locator, type Page, type PlaywrightWorkerArgs, type TestInfo } from '@playwright/test';
import { USERS, csrfOf } from './helpers';

export { logInAs, unique } from './helpers';

/** The Grow screen of acme's Fizz Original in the US, where the demo seed puts its charts. */
export const CONTEXT = 'acme/us/fizz-cola/fizz-original';
export const PRODUCT = `/${CONTEXT}`;
export const GROW = `${PRODUCT}/insights/grow`;
export const DEMO_DEFAULT_CHART = 'Fizz Original Market Map';
export const DEMO_INVALID_CHART = 'Summer Reach Planner';


export interface Audience {
  id: number;
  market_id: number;
  name: string;
  order: number;
  matched_short_id: number | null;
  modeled_short_id: number | null;
  population: number;
}
export interface Market {
  id: number;
  name: string;
  order: number;
  sub_markets: Audience[];
}
export interface Chart {
  id: number;
  name: string;
  version: number;
  default: boolean;
  markets: Market[];
  invalid_audience_ids: number[];
  segments_checked: boolean;
}
export interface Segment {
  id: number;
  name: string;
  vendor_type: string;
  deleted: boolean;
  create_audience_single: boolean;
}

/**
 * The Grow API as another program sees it, for setting up data and reading what the screen
 * saved: either a page's session (its cookie and CSRF token) or a session of its own.
 */
export function growApi(request: APIRequestContext, csrf: string, context = CONTEXT) {
  const headers = { 'x-csrf-token': csrf, 'x-context': context };
  const write = async (method: 'post' | 'put', path: string, data: unknown): Promise<Chart> => {
    const res = await request[method](path, { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data });
    expect(res.status(), `${method.toUpperCase()} ${path}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { data: Chart }).data;
  };
  return {
    context,
    async charts(): Promise<{ id: number; name: string; default: boolean; invalid_audience_count: number }[]> {
      const res = await request.get('/api/mekkos', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { id: number; name: string; default: boolean; invalid_audience_count: number }[] }).data;
    },
    /** A chart, or its HTTP status when there is none (404 once deleted). */
    async chart(id: number): Promise<Chart> {
      const res = await request.get(`/api/mekkos/${id}`, { headers });
      expect(res.status(), `GET /api/mekkos/${id}`).toBe(200);
      return ((await res.json()) as { data: Chart }).data;
    },
    async chartStatus(id: number): Promise<number> {
      return (await request.get(`/api/mekkos/${id}`, { headers })).status();
    },
    createChart: (name: string) => write('post', '/api/mekkos', { name }),
    addMarket: (chart: Chart, name: string) => write('post', `/api/mekkos/${chart.id}/markets`, { name, version: chart.version }),
    addAudience: (chart: Chart, marketId: number, fields: { name: string; population: number; matched_short_id?: number | null; modeled_short_id?: number | null }) =>
      write('post', `/api/mekkos/${chart.id}/markets/${marketId}/audiences`, { tag: 'none', ...fields, version: chart.version }),
    /** Live segments of the context's region a matched audience may name (not the modeled vendor's). */
    async matchedSegments(q = ''): Promise<Segment[]> {
      const region = context.split('/')[1] ?? 'us';
      const res = await request.get(`/api/segments?region=${region}&per_page=200${q ? `&q=${encodeURIComponent(q)}` : ''}`, { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: Segment[] }).data.filter((s) => !s.deleted && s.vendor_type !== 'modeled');
    },
    /** The latest audiences and lookalikes of the product (Home's recent activity). */
    async recentAudiences(): Promise<{ id: number; name: string }[]> {
      const res = await request.get('/api/home-entities?limit=10', { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: { id: number; name: string }[] }).data;
    },
  };
}
export type GrowApi = ReturnType<typeof growApi>;

/** The API with this page's session. */
export async function apiOf(page: Page, context = CONTEXT): Promise<GrowApi> {
  return growApi(page.request, await csrfOf(page), context);
}

/** A session of its own (no browser): for data another user sets up before a test. */
export async function apiSession(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string, email: string, context = CONTEXT) {
  const request = await playwright.request.newContext({ baseURL });
  const res = await request.post('/api/auth/login', { data: { email, password: 'demo-password' } });
  expect(res.status()).toBe(200);
  return { api: growApi(request, res.headers()['x-csrf-token'] ?? '', context), dispose: () => request.dispose() };
}

export const baseUrlOf = (testInfo: TestInfo) => String(testInfo.project.use.baseURL);

/**
 * Demo data is generated in the background after the server starts; counts and segment searches
 * answer 503 until it is ready. Waits (once per worker and file) until the region's segments answer.
 */
export async function waitForDemoData(playwright: PlaywrightWorkerArgs['playwright'], testInfo: TestInfo) {
  const session = await apiSession(playwright, baseUrlOf(testInfo), USERS.admin.email);
  try {
    await expect
      .poll(async () => (await session.api.chart((await session.api.charts())[0]!.id)).segments_checked, { timeout: 150_000, intervals: [1_000] })
      .toBe(true);
  } finally {
    await session.dispose();
  }
}


/** A chart made through the API: markets of audiences, each with a matched segment of the demo data. */
export async function chartWith(api: GrowApi, name: string, markets: { name: string; audiences: { name: string; segment: string | null; modeled?: number | null }[] }[]): Promise<Chart> {
  const named = markets.some((m) => m.audiences.some((a) => a.segment !== null));
  const allowed = named ? (await api.matchedSegments()).filter((s) => s.create_audience_single) : [];
  let chart = await api.createChart(name);
  let next = 0;
  for (const m of markets) {
    chart = await api.addMarket(chart, m.name);
    const marketId = chart.markets.find((x) => x.name === m.name)!.id;
    for (const [i, a] of m.audiences.entries()) {
      const segment = a.segment === null ? null : (allowed.find((s) => s.name.endsWith(` > ${a.segment}`)) ?? allowed[next++ % allowed.length]!);
      chart = await api.addAudience(chart, marketId, { name: a.name, population: 1_000_000 * (i + 1), matched_short_id: segment?.id ?? null, modeled_short_id: a.modeled ?? null });
    }
  }
  return chart;
}

// ---- the screen, by role and visible text ---------------------------------------------------

export const chartPicker = (page: Page) => page.getByRole('button', { name: 'Grow chart' });
export const chartArea = (page: Page) => page.getByRole('region', { name: 'Chart' });
export const marketColumn = (page: Page, name: string) => chartArea(page).getByRole('group', { name: new RegExp(`^${escape(name)}(, Pending)?$`) });
/** An audience tile: its accessible name is "name, tag, count[, Pending]". */
export const tile = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${escape(name)}, (Owned|Opportunity|None),`) });
export const matchedTab = (page: Page) => page.getByRole('tab', { name: /^Matched Addressable/ });
export const syncButton = (page: Page, name: string | RegExp) => page.getByRole('button', { name });

export function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Renames a market in its Edit market panel (the chart in Edit mode); the panel closes on Save. */
export async function renameMarketInPage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: `Edit market ${from}` }).click();
  const panel = page.getByRole('dialog', { name: `Edit market ${from}` });
  await panel.getByLabel('Market name').fill(to);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
}

/** Opens a chart of the product by its id and waits for its counts: a number on the Matched Addressable tab. */
export async function openChart(page: Page, id: number | null, name: string) {
  await page.goto(id === null ? GROW : `${GROW}/${id}`);
  await expect(chartPicker(page)).toContainText(name);
  await expectCounts(page);
}

export async function expectCounts(page: Page) {
  await expect(matchedTab(page)).toHaveText(/Matched Addressable\s*\S*\s*\d[\d,]*/, { timeout: 60_000 });
}

/** The names of the chart's markets, left to right, as the screen shows them. */
export async function marketOrder(page: Page): Promise<string[]> {
  const labels = await chartArea(page).getByRole('group').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.filter((l) => l !== 'Categorization of Audience').map((l) => l.replace(/, Pending$/, ''));
}

/** The names of a market's audiences, top to bottom, as the screen shows them. */
export async function audienceOrder(page: Page, market: string): Promise<string[]> {
  const labels = await marketColumn(page, market).getByRole('button', { name: /, (Owned|Opportunity|None),/ }).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.map((l) => l.split(', ')[0] ?? '');
}
