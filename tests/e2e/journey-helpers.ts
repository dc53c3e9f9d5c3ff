import { expect, type Page } from '@playwright/test';
import type { Journey, JourneyCounts, JourneySummary, JourneyTab } from '../../src/shared/schemas/journeys';
import { CONTEXT } from './grow-helpers';
import { csrfOf } from './helpers';

/** The journeys API with a page's session: for setting up journeys and reading what the screen saved. */
export async function journeyApi(page: Page) {
  const headers = { 'x-csrf-token': await csrfOf(page), 'x-context': CONTEXT };
  const read = async <T>(path: string): Promise<T> => {
    const res = await page.request.get(path, { headers });
    expect(res.status(), `GET ${path}`).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    list: () => read<JourneySummary[]>('/api/journeys'),
    journey: (id: number) => read<Journey>(`/api/journeys/${id}`),
    async counts(id: number, tab: JourneyTab): Promise<JourneyCounts> {
      const res = await page.request.post(`/api/journeys/${id}/counts`, { headers, data: { tab } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { data: JourneyCounts }).data;
    },
    /** POST /api/journeys: brands and stages named by temporary keys ('tmp-<uuid>'), as the builder sends them. */
    async create(body: Record<string, unknown>): Promise<Journey> {
      const res = await page.request.post('/api/journeys', { headers: { ...headers, 'x-request-id': crypto.randomUUID() }, data: body });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { data: Journey }).data;
    },
    /** PUT /api/journeys/:id: the whole journey with `change` applied, based on `journey` (its version and, as base, itself). */
    async update(journey: Journey, change: (body: JourneyBodyOf) => JourneyBodyOf): Promise<Journey> {
      const base = bodyOf(journey);
      const res = await page.request.put(`/api/journeys/${journey.id}`, {
        headers: { ...headers, 'x-request-id': crypto.randomUUID() },
        data: { ...change(structuredClone(base)), version: journey.version, base },
      });
      expect(res.status(), await res.text()).toBe(200);
      return ((await res.json()) as { data: Journey }).data;
    },
  };
}

type JourneyBodyOf = Pick<Journey, 'name' | 'default' | 'has_transition_data' | 'brands' | 'stages'> & {
  sub_markets: Omit<Journey['sub_markets'][number], 'id'>[];
};

/** A saved journey as a save sends it. */
function bodyOf(journey: Journey): JourneyBodyOf {
  return {
    name: journey.name, default: journey.default, has_transition_data: journey.has_transition_data,
    brands: journey.brands, stages: journey.stages,
    sub_markets: journey.sub_markets.map(({ id: _id, ...cell }) => cell),
  };
}
