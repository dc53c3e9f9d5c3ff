import { norm, UPLOAD_TEXT, type FigureEdit, type RowValues, type UploadIssue } from './uploads';

/**
 * Matching an upload's checked rows to what the client and region have (spec 2 §5; issue 29):
 * every name must be one of the product's charts, markets, audiences, journeys, brands, stages,
 * or one of the region's demographic categories. Pure: the server loads the catalog, these say
 * what each row sets and what is wrong with it, the server applies.
 */

/** A row that passed its column checks, with its number as the spreadsheet shows it. */
export interface CheckedRow {
  row: number;
  values: RowValues;
}

/** Things named by a normalised name (see `norm`). */
export type ByName<T> = ReadonlyMap<string, T>;

export interface Named {
  id: number;
  name: string;
}

/** The region's demographic categories: normalised name -> the name as the region spells it. */
export type Categories = ByName<string>;

const str = (v: string | number | null | undefined): string | null => (typeof v === 'string' ? v : null);
const num = (v: string | number | null | undefined): number | null => (typeof v === 'number' ? v : null);

/** A figure edit of a row whose attribute columns were all valid, or null (nothing to set, or in error). */
function figureOf(values: RowValues, categories: Categories, row: number, categoryLetter: string, issues: UploadIssue[]): (FigureEdit & { row: number }) | null {
  const category = str(values.category);
  const attribute = str(values.attribute);
  if (category === null || attribute === null) return null;
  const categoryName = categories.get(norm(category));
  if (categoryName === undefined) {
    issues.push({ column: categoryLetter, row, message: UPLOAD_TEXT.unknownCategory(category) });
    return null;
  }
  const count = num(values.value);
  const percent = num(values.percent);
  if (count === null && percent === null) return null;
  return { attribute: categoryName, value: attribute, count, percent, position: num(values.attributePosition), row };
}

// ---- Grow ---------------------------------------------------------------------------------------

export interface GrowCatalog {
  charts: ByName<Named & { markets: ByName<Named & { audiences: ByName<Named> }> }>;
  categories: Categories;
  /** The client's discussion cluster nodes (column M names one by its ID). */
  discussionNodes: ReadonlySet<number>;
}

export interface GrowTarget {
  chartId: number;
  chartName: string;
  marketId: number;
  marketName: string;
  audienceId: number;
  audienceName: string;
  figures: (FigureEdit & { row: number })[];
  /** The discussion cluster node column M sets on the audience (the last row that names one). */
  discussion: { id: number; row: number } | null;
}

/**
 * Grow rows of one product: each names a chart, a market of it and an audience of that market
 * (columns C, D, F), sets one figure of the audience and may name its discussion cluster (M).
 * @returns the figures (and node) to set per audience (by id), and the rows' issues
 */
export function matchGrowRows(rows: readonly CheckedRow[], product: string, catalog: GrowCatalog): { targets: Map<number, GrowTarget>; issues: UploadIssue[] } {
  const targets = new Map<number, GrowTarget>();
  const issues: UploadIssue[] = [];
  for (const { row, values } of rows) {
    const chartName = str(values.chart);
    const marketName = str(values.market);
    const audienceName = str(values.audience);
    if (chartName === null || marketName === null || audienceName === null) continue;
    const chart = catalog.charts.get(norm(chartName));
    if (!chart) {
      issues.push({ column: 'C', row, message: UPLOAD_TEXT.unknownChart(chartName, product) });
      continue;
    }
    const market = chart.markets.get(norm(marketName));
    if (!market) {
      issues.push({ column: 'D', row, message: UPLOAD_TEXT.unknownMarket(marketName, chart.name) });
      continue;
    }
    const audience = market.audiences.get(norm(audienceName));
    if (!audience) {
      issues.push({ column: 'F', row, message: UPLOAD_TEXT.unknownAudience(audienceName, market.name) });
      continue;
    }
    const figure = figureOf(values, catalog.categories, row, 'H', issues);
    const node = num(values.discussion);
    const discussion = node !== null && catalog.discussionNodes.has(node) ? { id: node, row } : null;
    if (node !== null && !discussion) issues.push({ column: 'M', row, message: UPLOAD_TEXT.unknownDiscussion(node) });
    if (!figure && !discussion) continue;
    const target = targets.get(audience.id) ?? {
      chartId: chart.id, chartName: chart.name, marketId: market.id, marketName: market.name, audienceId: audience.id, audienceName: audience.name, figures: [], discussion: null,
    };
    if (figure) target.figures.push(figure);
    if (discussion) target.discussion = discussion;
    targets.set(audience.id, target);
  }
  return { targets, issues };
}

// ---- Journeys -----------------------------------------------------------------------------------

export interface JourneyCatalog {
  journeys: ByName<Named & { brands: ByName<Named>; stages: ByName<Named> }>;
  categories: Categories;
  /** Segment identifiers of the region that are not deleted -> short id. */
  segments: ReadonlyMap<string, number>;
}

export interface JourneyTarget {
  journeyId: number;
  journeyName: string;
  brandId: number;
  brandName: string;
  stageId: number;
  stageName: string;
  figures: (FigureEdit & { row: number })[];
  population: { value: number; row: number } | null;
  matched: { id: number; row: number } | null;
  modeled: { id: number; row: number } | null;
}

/** Journey rows of one product: each names a journey, a brand and a stage of it (C, D, F), so one cell. */
export function matchJourneyRows(rows: readonly CheckedRow[], product: string, catalog: JourneyCatalog): { targets: Map<string, JourneyTarget>; issues: UploadIssue[] } {
  const targets = new Map<string, JourneyTarget>();
  const issues: UploadIssue[] = [];
  for (const { row, values } of rows) {
    const journeyName = str(values.journey);
    const brandName = str(values.journeyBrand);
    const stageName = str(values.stage);
    if (journeyName === null || brandName === null || stageName === null) continue;
    const journey = catalog.journeys.get(norm(journeyName));
    if (!journey) {
      issues.push({ column: 'C', row, message: UPLOAD_TEXT.unknownJourney(journeyName, product) });
      continue;
    }
    const brand = journey.brands.get(norm(brandName));
    const stage = journey.stages.get(norm(stageName));
    if (!brand) issues.push({ column: 'D', row, message: UPLOAD_TEXT.unknownJourneyBrand(brandName, journey.name) });
    if (!stage) issues.push({ column: 'F', row, message: UPLOAD_TEXT.unknownStage(stageName, journey.name) });
    if (!brand || !stage) continue;
    const key = `${brand.id}:${stage.id}`;
    const target = targets.get(key) ?? {
      journeyId: journey.id, journeyName: journey.name, brandId: brand.id, brandName: brand.name, stageId: stage.id, stageName: stage.name,
      figures: [], population: null, matched: null, modeled: null,
    };
    const figure = figureOf(values, catalog.categories, row, 'H', issues);
    if (figure) target.figures.push(figure);
    // A category is required on every row (A-H); it must be the region's even when no attribute follows.
    const category = str(values.category);
    if (!figure && category !== null && str(values.attribute) === null && !catalog.categories.has(norm(category))) {
      issues.push({ column: 'H', row, message: UPLOAD_TEXT.unknownCategory(category) });
    }
    const population = num(values.population);
    if (population !== null) target.population = { value: population, row };
    for (const [key, letter] of [['matched', 'N'], ['modeled', 'O']] as const) {
      const identifier = str(values[key]);
      if (identifier === null) continue;
      const shortId = catalog.segments.get(identifier);
      if (shortId === undefined) issues.push({ column: letter, row, message: UPLOAD_TEXT.unknownSegment(identifier) });
      else target[key] = { id: shortId, row };
    }
    targets.set(key, target);
  }
  return { targets, issues };
}

// ---- Explore ------------------------------------------------------------------------------------

export interface ExploreTarget {
  tab: string;
  name: string;
  figures: (FigureEdit & { row: number })[];
}

/** Explore rows of one product: each sets one attribute of a custom widget (tab C, name D) under the all-data persona. */
export function matchExploreRows(rows: readonly CheckedRow[], categories: Categories): { targets: Map<string, ExploreTarget>; issues: UploadIssue[] } {
  const targets = new Map<string, ExploreTarget>();
  const issues: UploadIssue[] = [];
  for (const { row, values } of rows) {
    const tab = str(values.tab);
    const name = str(values.widget);
    if (tab === null || name === null) continue;
    const figure = figureOf(values, categories, row, 'F', issues);
    if (!figure) continue;
    const key = `${norm(tab)}\u0000${norm(name)}`;
    const target = targets.get(key) ?? { tab, name, figures: [] };
    target.figures.push(figure);
    targets.set(key, target);
  }
  return { targets, issues };
}
