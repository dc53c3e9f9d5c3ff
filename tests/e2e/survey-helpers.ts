import { expect, type Page } from '@playwright/test';
import { CONTEXT, escape, tile } from './grow-helpers';
import { journeyApi } from './journey-helpers';

/** The demo's surveys of a level as the API reads them (the insights' own read). */
export async function demoSurveys(page: Page, level: 'region' | 'audience' | 'stage') {
  const res = await page.request.get(`/api/surveys?level=${level}`, { headers: { 'x-context': CONTEXT } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data as { name: string; sub_market_id: number | null; journey_stage_id: number | null; journey_brand_id: number | null }[];
}

export interface DemoPlaces {
  /** The Grow chart and audience the demo's audience survey and summer discussion are on. */
  chart: { id: number; name: string };
  audience: string;
  /** The journey, brand and stage the demo's stage survey (and its first cell's discussion) are on. */
  journeyId: number;
  brand: string;
  stage: string;
}

/** Where the demo put its audience and stage surveys (issue 30), read through the API while the server answers. */
export async function demoSurveyPlaces(page: Page): Promise<DemoPlaces> {
  const pulse = (await demoSurveys(page, 'audience')).find((s) => s.name === 'Fizz Original audience pulse')!;
  type ChartRead = { id: number; name: string; markets: { sub_markets: { id: number; name: string }[] }[] };
  const charts = (await (await page.request.get('/api/mekkos', { headers: { 'x-context': CONTEXT } })).json()).data as { id: number }[];
  let grow: { chart: ChartRead; audience: string } | null = null;
  for (const c of charts) {
    const chart = (await (await page.request.get(`/api/mekkos/${c.id}`, { headers: { 'x-context': CONTEXT } })).json()).data as ChartRead;
    const audience = chart.markets.flatMap((m) => m.sub_markets).find((a) => a.id === pulse.sub_market_id);
    if (audience) grow = { chart, audience: audience.name };
  }
  const moment = (await demoSurveys(page, 'stage')).find((s) => s.name === 'Purchase moment survey')!;
  const journeys = await journeyApi(page);
  let stage: { journeyId: number; brand: string; stage: string } | null = null;
  for (const j of await journeys.list()) {
    const full = await journeys.journey(j.id);
    const s = full.stages.find((x) => x.id === moment.journey_stage_id);
    const b = full.brands.find((x) => x.id === moment.journey_brand_id);
    if (s && b) stage = { journeyId: j.id, brand: b.name, stage: s.name };
  }
  expect(grow, 'the demo audience survey is on a chart of the product').not.toBeNull();
  expect(stage, 'the demo stage survey is on a journey of the product').not.toBeNull();
  return { chart: { id: grow!.chart.id, name: grow!.chart.name }, audience: grow!.audience, ...stage! };
}

/** Grow: the audience selected, its Market Level insights open (the chart already shown). */
export async function openAudienceMarketLevel(page: Page, audience: string) {
  await tile(page, audience).click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('tab', { name: /^Total Population/ }).click();
}

/** Journey: the brand and stage selected, the stage's Market Level insights open. */
export async function openStageMarketLevel(page: Page, places: DemoPlaces) {
  await page.goto(`/${CONTEXT}/insights/journey/${places.journeyId}`);
  await page.getByRole('radiogroup', { name: 'Brand' }).getByRole('radio', { name: places.brand }).check();
  await page.getByRole('region', { name: 'Chart' }).getByRole('button', { name: new RegExp(`^${escape(places.stage)}: .* this stage$`) }).click();
  await page.getByRole('button', { name: 'Show/Hide Insights' }).click();
  await page.getByRole('region', { name: 'Insights' }).getByRole('tab', { name: 'Market Level' }).click();
}
