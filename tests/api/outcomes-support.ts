import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { addMonths, monthOf, outcomeFieldValues, toServerMonth, type YearMonth } from '../../src/shared/rules/outcomes';
import { countsResponseSchema } from '../../src/shared/schemas/insights';
import type { Mekko } from '../../src/shared/schemas/grow';
import {
  outcomeTimeframeResponseSchema,
  outcomeTimeframesResponseSchema,
  recordOutcomesResponseSchema,
  type OutcomeTimeframe,
} from '../../src/shared/schemas/outcomes';
import { ACME_PRODUCT, type Session } from './helper';
import { growKit } from './grow-support';
import { strict } from './support';

/** A body's figures: the chart's and, per market and audience id, its own. */
export interface Figures {
  total: number;
  matched: number;
  modeled: number;
  markets?: Record<number, [number, number, number]>;
  audiences?: Record<number, [number, number, number]>;
}

/** The `outcome_timeframe` of a save, month ONE-based here and sent zero-based (spec 3 §3). */
export function timeframeBody(month: YearMonth, f: Figures, extra: Record<string, unknown> = {}) {
  return {
    outcome_timeframe: {
      year: month.year,
      month: toServerMonth(month.month),
      total: f.total,
      matched: f.matched,
      modeled: f.modeled,
      market_outcomes_attributes: Object.entries(f.markets ?? {}).map(([id, [total, matched, modeled]]) => ({ market_id: Number(id), total, matched, modeled })),
      submarket_outcomes_attributes: Object.entries(f.audiences ?? {}).map(([id, [total, matched, modeled]]) => ({ sub_market_id: Number(id), total, matched, modeled })),
      ...extra,
    },
  };
}

/** What the outcome API test files share: Grow's kit with timeframe request helpers. */
export async function outcomesKit() {
  const kit = await growKit();
  const { admin, send, get } = kit;
  const today = () => monthOf(new Date());
  const ago = (n: number) => addMonths(today(), -n);

  const ok = <T>(res: LightMyRequestResponse, status: number, schema: { parse(v: unknown): T }) => {
    expect(res.statusCode, res.body).toBe(status);
    return schema.parse(res.json());
  };
  const listRes = (mekkoId: number, s: Session = admin, context = ACME_PRODUCT) => get(`/api/mekkos/${mekkoId}/outcome-timeframes`, s, context);
  const list = async (mekkoId: number, s: Session = admin, context = ACME_PRODUCT) => ok(await listRes(mekkoId, s, context), 200, strict(outcomeTimeframesResponseSchema));
  const createRes = (mekkoId: number, body: object, s: Session = admin, context = ACME_PRODUCT, key?: string) =>
    send(s, { method: 'POST', url: `/api/mekkos/${mekkoId}/outcome-timeframes`, payload: body, context, ...(key ? { key } : {}) });
  const create = async (mekkoId: number, month: YearMonth, f: Figures, s: Session = admin) =>
    ok(await createRes(mekkoId, timeframeBody(month, f), s), 201, strict(outcomeTimeframeResponseSchema)).data;
  const updateRes = (t: { id: number | null; version: number }, body: object, base?: OutcomeTimeframe, s: Session = admin, context = ACME_PRODUCT) =>
    send(s, { method: 'PUT', url: `/api/outcome-timeframes/${t.id}`, payload: { ...body, version: t.version, ...(base ? { base: outcomeFieldValues(base) } : {}) }, context });
  const removeRes = (t: { id: number | null; version: number }, s: Session = admin, context = ACME_PRODUCT) =>
    send(s, { method: 'DELETE', url: `/api/outcome-timeframes/${t.id}?version=${t.version}`, context });
  const recordRes = (s: Session = admin, context = ACME_PRODUCT) => send(s, { method: 'POST', url: '/api/outcome-timeframes/record', context });
  const record = async (s: Session = admin, context = ACME_PRODUCT) => ok(await recordRes(s, context), 202, strict(recordOutcomesResponseSchema)).data;

  /** The counts call as Grow's page asks it: each market's matched and modeled segments (what the synthesised month must equal). */
  const engineCounts = async (chart: Mekko) => {
    const ids = (key: 'matched_short_id' | 'modeled_short_id') =>
      Object.fromEntries(chart.markets.map((m) => [String(m.id), [...new Set(m.sub_markets.flatMap((a) => (a[key] === null ? [] : [a[key]])))]]).filter(([, l]) => (l as number[]).length > 0));
    const res = await admin.request({ method: 'POST', url: '/api/insights/counts', payload: { matched_short_ids: ids('matched_short_id'), modeled_short_ids: ids('modeled_short_id') }, context: ACME_PRODUCT });
    return ok(res, 200, countsResponseSchema).data;
  };

  return { ...kit, chartList: kit.list, today, ago, ok, listRes, list, createRes, create, updateRes, removeRes, recordRes, record, engineCounts };
}
