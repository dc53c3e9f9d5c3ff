import {
  fromServerMonth, monthIndex, monthKey, toServerMonth, type MarketOutcome, type MonthKey, type SubmarketOutcome,
} from '@shared/rules/outcomes';
import type { OutcomeTimeframe, OutcomeTimeframeFields, OutcomeTimeframesResponse } from '@shared/schemas/outcomes';
import type { QueuedEdit } from '../../lib/offline/db';

/**
 * What a queued timeframe write does to what Measure and the Timeframe Settings panel show before
 * the server has it (decision 007's optimistic view, decision 014's versioned timeframes). Pure:
 * the outbox handler applies these to the cached lists. A timeframe added on this device carries
 * its temporary key ('tmp-<uuid>') as id until the server names it, and shows pending.
 */

/** A timeframe as the page shows it: its month key, and pending while a write of it waits. */
export type OutcomeTimeframeView = Omit<OutcomeTimeframe, 'id'> & { id: number | string | null; key: MonthKey; pending?: boolean };

/** A chart's timeframes as cached: newest first, with the chart they are of (a write of one names the timeframe, not its chart). */
export interface OutcomeTimeframesView {
  mekkoId: number;
  data: OutcomeTimeframeView[];
  meta: OutcomeTimeframesResponse['meta'];
}

export type TimeframeEdit = QueuedEdit;

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: number | string | null, b: number | string | null) => a !== null && b !== null && String(a) === String(b);
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

export const toTimeframeView = (t: OutcomeTimeframe): OutcomeTimeframeView => ({ ...t, key: monthKey(t) });

export const sortTimeframes = <T extends { year: number; month: number }>(list: readonly T[]): T[] => [...list].sort((a, b) => monthIndex(b) - monthIndex(a));

/** The parts of a timeframe write's path: POST /api/mekkos/:mekkoId/outcome-timeframes, PUT|DELETE /api/outcome-timeframes/:id. */
export function parseTimeframePath(path: string): { mekkoId: string | null; timeframeId: string | null } {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  if (parts[0] !== 'api') return { mekkoId: null, timeframeId: null };
  if (parts[1] === 'mekkos' && parts[3] === 'outcome-timeframes') return { mekkoId: parts[2] ?? null, timeframeId: null };
  if (parts[1] === 'outcome-timeframes' && parts[2] !== undefined && parts[2] !== 'record') return { mekkoId: null, timeframeId: parts[2] };
  return { mekkoId: null, timeframeId: null };
}

/** What a save sends of a timeframe (month zero-based, §3): every figure it shows. */
export function timeframeFields(t: Pick<OutcomeTimeframeView, 'year' | 'month' | 'total' | 'matched' | 'modeled' | 'mekko_id' | 'market_outcomes' | 'submarket_outcomes'>): OutcomeTimeframeFields {
  return {
    year: t.year,
    month: toServerMonth(t.month),
    total: t.total,
    matched: t.matched,
    modeled: t.modeled,
    mekko_id: t.mekko_id,
    market_outcomes_attributes: t.market_outcomes.map(({ market_id, total, matched, modeled }) => ({ market_id, total, matched, modeled })),
    submarket_outcomes_attributes: t.submarket_outcomes.map(({ sub_market_id, market_id, total, matched, modeled }) => ({ sub_market_id, market_id, total, matched, modeled })),
  };
}

/** A body's figures laid over `shape`'s markets and audiences (the chart's, as the list shows it): what it does not name is 0 (§4). */
function figuresOf(fields: Body, shape: Pick<OutcomeTimeframeView, 'market_outcomes' | 'submarket_outcomes'> | undefined, fallback?: OutcomeTimeframeView) {
  const markets = new Map((Array.isArray(fields.market_outcomes_attributes) ? fields.market_outcomes_attributes : []).filter(isObject).map((m) => [num(m.market_id, -1), m]));
  const subs = new Map((Array.isArray(fields.submarket_outcomes_attributes) ? fields.submarket_outcomes_attributes : []).filter(isObject).map((s) => [num(s.sub_market_id, -1), s]));
  const pick = (source: Body | undefined, before: { total: number; matched: number; modeled: number } | undefined) => ({
    total: num(source?.total, before?.total ?? 0),
    matched: num(source?.matched, before?.matched ?? 0),
    modeled: num(source?.modeled, before?.modeled ?? 0),
  });
  const market_outcomes: MarketOutcome[] = (shape?.market_outcomes ?? []).map((m) => ({
    market_id: m.market_id,
    ...pick(markets.get(m.market_id), fallback?.market_outcomes.find((f) => f.market_id === m.market_id)),
  }));
  const submarket_outcomes: SubmarketOutcome[] = (shape?.submarket_outcomes ?? []).map((s) => ({
    sub_market_id: s.sub_market_id,
    market_id: s.market_id,
    ...pick(subs.get(s.sub_market_id), fallback?.submarket_outcomes.find((f) => f.sub_market_id === s.sub_market_id)),
  }));
  return { ...pick(fields, fallback), market_outcomes, submarket_outcomes };
}

const fieldsOf = (edit: Pick<TimeframeEdit, 'body'>): Body => (isObject(edit.body) && isObject(edit.body.outcome_timeframe) ? edit.body.outcome_timeframe : {});

/** A timeframe as a queued create makes it: pending, under its temporary id, with the chart's markets and audiences of `shape`. */
export function timeframeFromEdit(edit: TimeframeEdit, mekkoId: number, shape?: Pick<OutcomeTimeframeView, 'market_outcomes' | 'submarket_outcomes'>): OutcomeTimeframeView {
  const fields = fieldsOf(edit);
  const year = num(fields.year, 0);
  const month = fromServerMonth(num(fields.month, 0));
  return {
    id: edit.entityId,
    mekko_id: mekkoId,
    year,
    month,
    key: monthKey({ year, month }),
    current: false,
    source: 'entered',
    recorded_at: null,
    version: 0,
    updated_at: new Date(edit.createdAt).toISOString(),
    ...figuresOf(fields, shape),
    pending: true,
  };
}

/** A chart's timeframes with a queued write applied: a create appears (on its own chart only), an edit shows its figures, a delete goes. */
export function applyToTimeframes(list: OutcomeTimeframesView, edit: TimeframeEdit): OutcomeTimeframesView {
  const { mekkoId, timeframeId } = parseTimeframePath(edit.path);
  if (edit.method === 'POST' && mekkoId !== null) {
    if (mekkoId !== String(list.mekkoId)) return list;
    const made = timeframeFromEdit(edit, list.mekkoId, list.data[0]);
    return { ...list, data: sortTimeframes([...list.data.filter((t) => !same(t.id, edit.entityId)), made]) };
  }
  if (timeframeId === null || !list.data.some((t) => same(t.id, timeframeId))) return list;
  if (edit.method === 'DELETE') return { ...list, data: list.data.filter((t) => !same(t.id, timeframeId)) };
  if (edit.method !== 'PUT') return list;
  const fields = fieldsOf(edit);
  const at = new Date(edit.createdAt).toISOString();
  return {
    ...list,
    data: list.data.map((t) => (same(t.id, timeframeId) ? { ...t, ...figuresOf(fields, t, t), source: 'entered' as const, updated_at: at, pending: true } : t)),
  };
}

/**
 * The list once the server answered a write: its copy in place of what the write showed (a new
 * timeframe's temporary id, or a recorded current month in place of the synthesised one); null: it is gone.
 */
export function settleTimeframes(list: OutcomeTimeframesView, entityId: string, copy: OutcomeTimeframe | null): OutcomeTimeframesView {
  if (!copy) return { ...list, data: list.data.filter((t) => !same(t.id, entityId)) };
  if (copy.mekko_id !== list.mekkoId) return list;
  const view = toTimeframeView(copy);
  const rest = list.data.filter((t) => !same(t.id, entityId) && !same(t.id, copy.id) && !(t.id === null && t.key === view.key));
  return { ...list, data: sortTimeframes([...rest, view]) };
}

/** A server answer as cached. */
export const timeframesView = (mekkoId: number, response: OutcomeTimeframesResponse): OutcomeTimeframesView => ({
  mekkoId,
  data: sortTimeframes(response.data.map(toTimeframeView)),
  meta: response.meta,
});
