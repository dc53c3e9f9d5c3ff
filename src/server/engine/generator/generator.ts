import { CATEGORIES, SEGMENT_TREE, VENDORS } from './catalog';
import { DEMO_FUNNEL, DEMO_FUNNEL_CLIENT, FUNNEL_SHORT_ID_OFFSET, funnelMembers, funnelSegments, type FunnelDefinition, type FunnelPlace } from './funnel';
import { BUYER_BRANDS, buyerMembers, buyerSegments, type BuyerBrand, type BuyerPlace } from './buyers';
import { Random } from './random';
import { sample, valueProbabilities } from './sampling';

export { valueProbabilities };

/**
 * The deterministic synthetic data of issue 3: people with one value in each demographic
 * category, and segments whose sizes follow a power law and whose membership leans on one
 * category (a segment of golfers is richer in some age bands). A few segments are tiny, a few
 * have no one at all, and a few are deleted, so those paths are real.
 *
 * Members are produced one set at a time (sorted person ids), so a consumer can turn each into
 * a bitmap and let it go: 100M people fit on a 24 GiB machine.
 */
export interface GeneratorOptions {
  people: number;
  segments: number;
  seed: number | string;
  /**
   * Seeds the catalogue (segment names, vendors, sizes) apart from the people: a client's
   * regions share one catalogue, so an identifier names the same segment in each. Default: seed.
   */
  catalogSeed?: number | string;
  /**
   * Added to every segment's short id, so each client region's ids are its own (the seeder
   * passes clientRegionId x SHORT_ID_SPAN). Identifiers stay the vendor's, the same in every region.
   */
  shortIdBase?: number;
  /**
   * Brand funnels (funnel.ts) added after the other segments: none with null; by default the
   * demo's cola funnel for the demo client's catalogue seed (catalogSeedOf(DEMO_FUNNEL_CLIENT)), none for others.
   */
  funnel?: FunnelDefinition | null;
  /**
   * Brands with buyer data (buyers.ts) added after the funnels: none with an empty list; by
   * default the demo's for a client's catalogue seed (BUYER_BRANDS), none for other seeds.
   */
  buyers?: readonly BuyerBrand[];
}

/**
 * The catalogue seed of a client's generated data: its regions share one catalogue, so an
 * identifier names the same segment in each, and the demo Grow charts can name segments
 * before the people are generated (the same seed gives the same catalogue).
 */
export const catalogSeedOf = (clientSlug: string) => `demo:${clientSlug}`;

/** The most segments one client region may have: its share of the short id space. */
export const SHORT_ID_SPAN = 100_000;

export interface AttributeValue {
  /** 1-based, stable for a given catalog. */
  id: number;
  category: string;
  categoryIndex: number;
  name: string;
}

export type SegmentKind = 'regular' | 'tiny' | 'zero';

export interface SegmentDefinition {
  shortId: number;
  identifier: string;
  name: string;
  pathParts: string[];
  vendorName: string;
  vendorType: string;
  deleted: boolean;
  kind: SegmentKind;
  /** The share of people the segment aims at. */
  density: number;
  /** The category its membership leans on, and the lift per value of that category. */
  categoryIndex: number;
  lifts: number[];
  allowCreateAudienceSingle: boolean;
  /** A brand funnel's segment: its people nest in the stage before (funnel.ts). */
  funnel?: FunnelPlace;
  /** A brand's buyer set (buyers.ts): its people come from the brand's purchase simulation. */
  buyers?: BuyerPlace;
}

export interface Catalog {
  attributes: AttributeValue[];
  segments: SegmentDefinition[];
}

export type MemberSet =
  | { kind: 'attribute'; attribute: AttributeValue; members: Uint32Array }
  | { kind: 'segment'; segment: SegmentDefinition; members: Uint32Array };

const MAX_DENSITY = 0.6;

/** Power-law share: most segments small, a few very large (0.4 % median, capped at 60 %). */
function powerLawDensity(random: Random): number {
  return Math.min(MAX_DENSITY, 0.004 * Math.pow(random.nextOpen(), -1 / 0.6));
}

function segmentPaths(): string[][] {
  const paths: string[][] = [];
  for (const [top, middles] of Object.entries(SEGMENT_TREE)) {
    for (const [middle, leaves] of Object.entries(middles)) for (const leaf of leaves) paths.push([top, middle, leaf]);
  }
  return paths;
}

const QUALIFIERS = ['', 'High Propensity', 'Recent', 'Lapsed', 'Frequent', 'Occasional', 'Premium', 'Value'];

/** Categories, values and segment definitions: cheap, and the same for the same seed. */
export function buildCatalog(options: GeneratorOptions): Catalog {
  const random = new Random(`catalog:${options.catalogSeed ?? options.seed}`);
  let nextId = 1;
  const attributes: AttributeValue[] = CATEGORIES.flatMap((category, categoryIndex) =>
    category.values.map((name) => ({ id: nextId++, category: category.name, categoryIndex, name })),
  );
  const paths = segmentPaths();
  const segments: SegmentDefinition[] = [];
  for (let i = 0; i < options.segments; i++) {
    const shortId = (options.shortIdBase ?? 0) + i + 1;
    const leaf = paths[i % paths.length] ?? ['Interests', 'General', 'General'];
    const qualifier = QUALIFIERS[Math.floor(i / paths.length) % QUALIFIERS.length] ?? '';
    const round = Math.floor(i / (paths.length * QUALIFIERS.length));
    const last = [qualifier, leaf[2], round > 0 ? `${round + 1}` : ''].filter(Boolean).join(' ');
    const vendor = random.pick(VENDORS);
    const roll = random.next();
    // About 1 % have no one, 2 % a handful of people; the rest follow the power law.
    const kind: SegmentKind = roll < 0.01 ? 'zero' : roll < 0.03 ? 'tiny' : 'regular';
    const density = kind === 'zero' ? 0 : kind === 'tiny' ? Math.min(1, (1 + random.int(20)) / options.people) : powerLawDensity(random);
    const categoryIndex = random.int(CATEGORIES.length);
    const values = CATEGORIES[categoryIndex]?.values.length ?? 1;
    const lifts = Array.from({ length: values }, () => 1);
    for (let k = 0, favoured = 1 + random.int(3); k < favoured; k++) lifts[random.int(values)] = 2 + random.next() * 4;
    segments.push({
      shortId,
      identifier: `${vendor.name.split(' ')[0]!.toLowerCase()}-${String(i + 1).padStart(6, '0')}`,
      name: `${leaf[0]} > ${leaf[1]} > ${last}`,
      pathParts: [leaf[0]!, leaf[1]!, last],
      vendorName: vendor.name,
      vendorType: vendor.type,
      deleted: random.next() < 0.02,
      kind,
      density,
      categoryIndex,
      lifts,
      allowCreateAudienceSingle: random.next() < 0.9,
    });
  }
  const funnel = funnelOf(options);
  if (funnel) {
    if (options.segments > FUNNEL_SHORT_ID_OFFSET) throw new RangeError(`A catalogue with a funnel may have at most ${FUNNEL_SHORT_ID_OFFSET} other segments`);
    segments.push(...funnelSegments(funnel, options.shortIdBase ?? 0));
  }
  const buyers = buyersOf(options);
  if (buyers.length) {
    if (options.segments > FUNNEL_SHORT_ID_OFFSET) throw new RangeError(`A catalogue with buyer data may have at most ${FUNNEL_SHORT_ID_OFFSET} other segments`);
    segments.push(...buyerSegments(buyers, options.shortIdBase ?? 0));
  }
  return { attributes, segments };
}

/** The funnel a catalogue has: the one asked, else the demo's for the demo client's catalogue seed. */
export function funnelOf(options: GeneratorOptions): FunnelDefinition | null {
  if (options.funnel !== undefined) return options.funnel;
  return (options.catalogSeed ?? options.seed) === catalogSeedOf(DEMO_FUNNEL_CLIENT) ? DEMO_FUNNEL : null;
}

/** The brands with buyer data a catalogue has: the ones asked, else the demo's for a client's catalogue seed. */
export function buyersOf(options: GeneratorOptions): readonly BuyerBrand[] {
  if (options.buyers !== undefined) return options.buyers;
  const seed = String(options.catalogSeed ?? options.seed);
  return seed.startsWith('demo:') ? (BUYER_BRANDS[seed.slice('demo:'.length)] ?? []) : [];
}

/** Walker's alias table: one draw per person whatever the number of values. */
function aliasTable(weights: readonly number[]) {
  const n = weights.length;
  const total = weights.reduce((s, w) => s + w, 0);
  const prob = new Float64Array(n);
  const alias = new Uint16Array(n);
  const scaled = weights.map((w) => (w * n) / total);
  const small: number[] = [];
  const large: number[] = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length && large.length) {
    const s = small.pop()!;
    const l = large.pop()!;
    prob[s] = scaled[s]!;
    alias[s] = l;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    (scaled[l]! < 1 ? small : large).push(l);
  }
  for (const i of [...small, ...large]) prob[i] = 1;
  return (random: Random) => {
    const i = random.int(n);
    return random.next() < prob[i]! ? i : alias[i]!;
  };
}

/** People grouped by their value in one category: one array, each value's ids sorted. */
function valueLists(categoryIndex: number, people: number, seed: number | string) {
  const values = CATEGORIES[categoryIndex]!.values.length;
  const random = new Random(`people:${seed}:${categoryIndex}`);
  // Skewed shares: the first values of a category are the common ones.
  const weights = Array.from({ length: values }, (_, v) => 1 / Math.pow(v + 1, 0.8) + random.next() * 0.2);
  const draw = aliasTable(weights);
  const valueOf = new Uint8Array(people);
  const counts = new Uint32Array(values);
  for (let p = 0; p < people; p++) {
    const v = draw(random);
    valueOf[p] = v;
    counts[v]!++;
  }
  const offsets = new Uint32Array(values + 1);
  for (let v = 0; v < values; v++) offsets[v + 1] = offsets[v]! + counts[v]!;
  const ids = new Uint32Array(people);
  const cursor = offsets.slice(0, values);
  for (let p = 0; p < people; p++) ids[cursor[valueOf[p]!]!++] = p;
  return Array.from({ length: values }, (_, v) => ids.subarray(offsets[v]!, offsets[v + 1]!));
}

function segmentMembers(segment: SegmentDefinition, lists: Uint32Array[], people: number, seed: number | string): Uint32Array {
  const random = new Random(`segment:${seed}:${segment.identifier}`);
  const shares = lists.map((list) => list.length / people);
  const chances = valueProbabilities(segment.density, segment.lifts, shares);
  const out: number[] = [];
  lists.forEach((list, v) => sample(list, chances[v] ?? 0, random, out));
  const members = Uint32Array.from(out);
  return members.sort();
}

/**
 * Every attribute value's members, then every segment's, one set at a time, grouped by the
 * category segments lean on so that only one category's lists are held at once.
 */
export function* generateMembers(options: GeneratorOptions, catalog = buildCatalog(options)): Generator<MemberSet> {
  for (let categoryIndex = 0; categoryIndex < CATEGORIES.length; categoryIndex++) {
    const lists = valueLists(categoryIndex, options.people, options.seed);
    const attributes = catalog.attributes.filter((a) => a.categoryIndex === categoryIndex);
    for (const [v, attribute] of attributes.entries()) yield { kind: 'attribute', attribute, members: lists[v]! };
    for (const segment of catalog.segments) {
      if (segment.categoryIndex !== categoryIndex || segment.funnel || segment.buyers) continue;
      yield { kind: 'segment', segment, members: segmentMembers(segment, lists, options.people, options.seed) };
    }
    const funnel = catalog.segments.filter((s) => s.funnel && s.categoryIndex === categoryIndex);
    for (const set of funnelMembers(funnel, lists, options.people, options.seed)) yield { kind: 'segment', ...set };
    for (const [b, brand] of buyersOf(options).entries()) {
      if (brand.categoryIndex !== categoryIndex) continue;
      const own = catalog.segments.filter((s) => s.buyers?.brand === b);
      for (const set of buyerMembers(brand, own, lists, options.people, options.seed)) yield { kind: 'segment', ...set };
    }
  }
}
