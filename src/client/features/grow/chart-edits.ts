import type { GrowAudience, GrowMarket, Mekko, MekkoSummary } from '@shared/schemas/grow';

/**
 * What a queued Grow edit does to the chart the page shows, before the server has it (issue 4's
 * optimistic view). Pure: the outbox handler applies these to the cached chart and chart list.
 * Items made offline carry their temporary key as id until the server names them.
 */
export type AudienceView = Omit<GrowAudience, 'id' | 'market_id'> & { id: number | string; market_id: number | string; pending?: boolean };
export type MarketView = Omit<GrowMarket, 'id' | 'sub_markets'> & { id: number | string; sub_markets: AudienceView[]; pending?: boolean };
export type MekkoView = Omit<Mekko, 'markets'> & { markets: MarketView[]; pending?: boolean };
export type SummaryView = Omit<MekkoSummary, 'id'> & { id: number | string; pending?: boolean };

interface ChartEdit {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body: unknown;
}

type Body = Record<string, unknown>;
const bodyOf = (edit: ChartEdit): Body => (typeof edit.body === 'object' && edit.body !== null ? (edit.body as Body) : {});
const same = (a: number | string, b: string) => String(a) === b;

/** The parts of a Grow write's path: /api/mekkos/:id[/markets[/:marketId|order][/audiences[/order]]|/audiences/:audienceId|/copy|/remove-invalid]. */
export function parseChartPath(path: string): { chartId: string | null; rest: string[] } {
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  if (parts[0] !== 'api' || parts[1] !== 'mekkos') return { chartId: null, rest: [] };
  return { chartId: parts[2] ?? null, rest: parts.slice(3) };
}

function renumber<T extends { order: number }>(items: T[]): T[] {
  return items.map((item, order) => ({ ...item, order }));
}

function byIds<T extends { id: number | string }>(items: readonly T[], ids: readonly unknown[]): T[] {
  const wanted = ids.map(String);
  const known = wanted.flatMap((id) => items.find((i) => String(i.id) === id) ?? []);
  // Anything the order does not name (made after it was queued) keeps its place at the end.
  return [...known, ...items.filter((i) => !wanted.includes(String(i.id)))];
}

function audienceFrom(body: Body, id: number | string, marketId: number | string, order: number, previous?: AudienceView): AudienceView {
  const population = Number(body.population ?? previous?.population ?? 0);
  return {
    in_prediction_model: previous?.in_prediction_model ?? false,
    webo_cluster_id: null,
    discussion_cluster_node_id: null,
    ...previous,
    id,
    market_id: marketId,
    order,
    name: String(body.name ?? previous?.name ?? ''),
    tag: (body.tag as AudienceView['tag'] | undefined) ?? previous?.tag ?? 'none',
    matched_short_id: body.matched_short_id === undefined ? (previous?.matched_short_id ?? null) : (body.matched_short_id as number | null),
    modeled_short_id: body.modeled_short_id === undefined ? (previous?.modeled_short_id ?? null) : (body.modeled_short_id as number | null),
    population: Number.isFinite(population) ? population : 0,
    pending: true,
  };
}

function mapMarkets(chart: MekkoView, fn: (m: MarketView) => MarketView | null): MekkoView {
  return { ...chart, markets: chart.markets.flatMap((m) => fn(m) ?? []), pending: true };
}

/** A queued edit applied to the chart (the same chart; other charts' edits leave it alone). */
export function applyToChart(chart: MekkoView, edit: ChartEdit): MekkoView {
  const { chartId, rest } = parseChartPath(edit.path);
  if (chartId === null || !same(chart.id, chartId)) return chart;
  const body = bodyOf(edit);
  const [first, second, third, fourth] = rest;
  if (rest.length === 0) {
    if (edit.method === 'PUT') return { ...chart, name: String(body.name ?? chart.name), default: Boolean(body.default), measurement_label: String(body.measurement_label || chart.measurement_label), count_type: (body.count_type as MekkoView['count_type'] | undefined) ?? chart.count_type, pending: true };
    return chart;
  }
  if (first === 'remove-invalid') {
    const invalid = new Set(chart.invalid_audience_ids.map(String));
    return { ...mapMarkets(chart, (m) => ({ ...m, sub_markets: renumber(m.sub_markets.filter((a) => !invalid.has(String(a.id)))) })), invalid_audience_ids: [] };
  }
  if (first === 'markets' && second === undefined && edit.method === 'POST') {
    const id = String(body.client_key ?? `pending-${chart.markets.length}`);
    return { ...chart, markets: [...chart.markets, { id, name: String(body.name ?? ''), order: chart.markets.length, sub_markets: [], pending: true }], pending: true };
  }
  if (first === 'markets' && second === 'order') return { ...chart, markets: renumber(byIds(chart.markets, (body.ids as unknown[]) ?? [])), pending: true };
  if (first === 'markets' && second !== undefined && third === undefined) {
    if (edit.method === 'DELETE') return { ...mapMarkets(chart, (m) => (same(m.id, second) ? null : m)), markets: renumber(chart.markets.filter((m) => !same(m.id, second))) };
    return mapMarkets(chart, (m) => (same(m.id, second) ? { ...m, name: String(body.name ?? m.name), pending: true } : m));
  }
  if (first === 'markets' && second !== undefined && third === 'audiences') {
    if (fourth === 'order') return mapMarkets(chart, (m) => (same(m.id, second) ? { ...m, sub_markets: renumber(byIds(m.sub_markets, (body.ids as unknown[]) ?? [])) } : m));
    return mapMarkets(chart, (m) => {
      if (!same(m.id, second)) return m;
      const id = String(body.client_key ?? `pending-${m.sub_markets.length}`);
      return { ...m, sub_markets: [...m.sub_markets, audienceFrom(body, id, m.id, m.sub_markets.length)] };
    });
  }
  if (first === 'audiences' && second !== undefined) return applyToAudience(chart, second, edit.method, body);
  return chart;
}

function applyToAudience(chart: MekkoView, audienceId: string, method: ChartEdit['method'], body: Body): MekkoView {
  const previous = chart.markets.flatMap((m) => m.sub_markets).find((a) => same(a.id, audienceId));
  if (!previous) return chart;
  const without = mapMarkets(chart, (m) => ({ ...m, sub_markets: renumber(m.sub_markets.filter((a) => !same(a.id, audienceId))) }));
  if (method === 'DELETE') return without;
  const target = body.market_id === undefined ? previous.market_id : (body.market_id as number | string);
  if (String(target) === String(previous.market_id)) {
    return mapMarkets(chart, (m) => ({ ...m, sub_markets: m.sub_markets.map((a) => (same(a.id, audienceId) ? audienceFrom(body, a.id, m.id, a.order, a) : a)) }));
  }
  return mapMarkets(without, (m) => (String(m.id) === String(target) ? { ...m, sub_markets: [...m.sub_markets, audienceFrom(body, previous.id, m.id, m.sub_markets.length, previous)] } : m));
}

/** A queued edit applied to the chart list: creates and copies appear, deletes go, renames and default show. */
export function applyToList(list: SummaryView[], edit: ChartEdit, entityId: string): SummaryView[] {
  const { chartId, rest } = parseChartPath(edit.path);
  const body = bodyOf(edit);
  const created = (edit.method === 'POST' && chartId === null) || (edit.method === 'POST' && rest[0] === 'copy');
  if (edit.path.split('?')[0] === '/api/mekkos' || created) {
    const source = list.find((c) => chartId !== null && same(c.id, chartId));
    const made: SummaryView = {
      id: entityId, name: String(body.name ?? source?.name ?? ''), default: Boolean(body.default), measurement_label: String(body.measurement_label || source?.measurement_label || 'Penetration'),
      count_type: (body.count_type as SummaryView['count_type'] | undefined) ?? source?.count_type ?? 'people_count', vertical_type: (body.vertical_type as string | null | undefined) ?? source?.vertical_type ?? null,
      version: 0, updated_at: new Date().toISOString(), invalid_audience_count: 0, pending: true,
    };
    return withDefault([...list, made], made.default ? entityId : null);
  }
  if (chartId === null || rest.length > 0) return list;
  if (edit.method === 'DELETE') return list.filter((c) => !same(c.id, chartId));
  const next = list.map((c) => (same(c.id, chartId) ? { ...c, name: String(body.name ?? c.name), default: Boolean(body.default), count_type: (body.count_type as SummaryView['count_type'] | undefined) ?? c.count_type, pending: true } : c));
  return withDefault(next, body.default ? chartId : null);
}

/** At most one default: the one just made default, if any. */
function withDefault(list: SummaryView[], defaultId: string | null): SummaryView[] {
  return defaultId === null ? list : list.map((c) => ({ ...c, default: same(c.id, defaultId) }));
}

/** The list entry of a chart the server answered with. */
export function summaryOf(chart: MekkoView): MekkoSummary {
  const { markets: _markets, segments: _segments, invalid_audience_ids, segments_checked: _checked, region_people: _people, ...fields } = chart;
  return { ...fields, invalid_audience_count: invalid_audience_ids.length };
}

/** Charts default first, then by name (as the server lists them). */
export function sortCharts<T extends { default: boolean; name: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => Number(b.default) - Number(a.default) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

/** The part of the server's chart an edit changed (for the conflict dialog): the audience, the market, the order, or the chart. */
export function serverPartOf(chart: MekkoView | null, edit: ChartEdit): unknown {
  if (!chart) return null;
  const [first, second, third, fourth] = parseChartPath(edit.path).rest;
  if (first === 'audiences' && second) return chart.markets.flatMap((m) => m.sub_markets).find((a) => same(a.id, second)) ?? null;
  if (first === 'markets' && second === 'order') return { ids: chart.markets.map((m) => m.id) };
  const market = second ? chart.markets.find((m) => same(m.id, second)) : undefined;
  if (first === 'markets' && third === 'audiences' && fourth === 'order') return { ids: market?.sub_markets.map((a) => a.id) ?? [] };
  if (first === 'markets' && second && third === undefined) return market ?? null;
  return chart;
}
