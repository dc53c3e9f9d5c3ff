import { ANALYSIS_VENDORS } from '@shared/rules/data-checks';
import { CATEGORIES } from './catalog';
import type { SegmentDefinition } from './generator';
import { Random } from './random';
import { sample, valueProbabilities } from './sampling';

/**
 * Brand funnels in the synthetic data (issue 17): for each brand, one segment per stage (Aware,
 * Consider, ...) whose people nest, each stage mostly inside the one before, so a Journey chart of
 * them reads as a real purchase funnel: falling counts and transitions well above chance. They
 * are added after a catalogue's other segments, from their own random streams, so no other
 * segment changes.
 */
export interface FunnelBrand {
  name: string;
  /** The share of people in its first stage. */
  aware: number;
  /** Multiplies every stage's conversion: a strong brand keeps more of its people. */
  conversion: number;
  /** The share of a stage's people who are in the stage before (0.85 to 0.95 reads as a funnel). */
  inside: number;
  /** The category its first stage leans on (a brand is richer in some age bands, say). */
  categoryIndex: number;
}

export interface FunnelDefinition {
  /** The first part of its segments' paths. */
  label: string;
  brands: FunnelBrand[];
  /** In order; `conversion` is the share of the stage before's size (the first stage's is ignored). */
  stages: { name: string; conversion: number }[];
  /** Also a modeled chain per brand (the modeled vendor's): larger and looser, its first stage mostly inside the matched one. */
  modeled: boolean;
}

/** Where a segment sits in its funnel. */
export interface FunnelPlace {
  brand: number;
  stage: number;
  modeled: boolean;
  /** The share of its people inside the segment it nests in (the stage before, or for a modeled first stage the matched one). */
  inside: number;
}

/** Funnel segments' short ids start here past the region's base: above any catalogue's own, below stored sets'. */
export const FUNNEL_SHORT_ID_OFFSET = 40_000;

/** The modeled chain is this much larger than the matched one, and this share of its first stage is matched. */
const MODELED_SCALE = 1.15;
const MODELED_INSIDE_MATCHED = 0.8;
const MODELED_INSIDE_LOOSER = 0.02;

/** Survey panels measure brand funnels; the modeled vendor extends them. */
const MATCHED_VENDOR = ANALYSIS_VENDORS.panel;
const MODELED_VENDOR = ANALYSIS_VENDORS.modeled;

/** The demo client's cola market: Fizz Original and three competitors, at different strengths. */
export const DEMO_FUNNEL_CLIENT = 'acme';
export const DEMO_FUNNEL: FunnelDefinition = {
  label: 'Cola Brand Funnel',
  brands: [
    { name: 'Fizz Original', aware: 0.55, conversion: 1, inside: 0.93, categoryIndex: 0 },
    { name: 'Bubble Up Cola', aware: 0.47, conversion: 0.85, inside: 0.88, categoryIndex: 2 },
    { name: 'Crest Soda', aware: 0.36, conversion: 1.08, inside: 0.9, categoryIndex: 12 },
    { name: 'Polar Fizz', aware: 0.24, conversion: 0.75, inside: 0.88, categoryIndex: 6 },
  ],
  stages: [
    { name: 'Aware', conversion: 1 },
    { name: 'Consider', conversion: 0.6 },
    { name: 'Purchase', conversion: 0.55 },
    { name: 'Repeat', conversion: 0.55 },
    { name: 'Advocate', conversion: 0.4 },
  ],
  modeled: true,
};

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const vendorPrefix = (vendor: { vendor_name: string }) => vendor.vendor_name.split(' ')[0]!.toLowerCase();

/** The identifier of a funnel's segment: the same in every region of the client, as all identifiers. */
export function funnelIdentifier(brand: string, stage: string, modeled: boolean): string {
  return `${vendorPrefix(modeled ? MODELED_VENDOR : MATCHED_VENDOR)}-funnel-${slug(brand)}-${slug(stage)}`;
}

/** The share of people in each stage of a brand's chain. */
export function stageShares(funnel: FunnelDefinition, brand: FunnelBrand, modeled: boolean): number[] {
  const shares: number[] = [];
  for (const [k, stage] of funnel.stages.entries()) {
    const share = k === 0 ? brand.aware : shares[k - 1]! * Math.min(1, stage.conversion * brand.conversion);
    shares.push(share);
  }
  return modeled ? shares.map((s) => Math.min(0.95, s * MODELED_SCALE)) : shares;
}

/**
 * The funnel's segment definitions, brand by brand, each brand's matched chain then its modeled
 * one, with short ids from shortIdBase + FUNNEL_SHORT_ID_OFFSET + 1.
 */
export function funnelSegments(funnel: FunnelDefinition, shortIdBase: number): SegmentDefinition[] {
  const out: SegmentDefinition[] = [];
  for (const [b, brand] of funnel.brands.entries()) {
    const random = new Random(`funnel:${funnel.label}:${brand.name}`);
    const values = CATEGORIES[brand.categoryIndex]?.values.length ?? 1;
    // Mild lifts: the first stage is large, strong ones would cap most values at 1.
    const lifts = Array.from({ length: values }, () => 1);
    for (let k = 0, favoured = 1 + random.int(3); k < favoured; k++) lifts[random.int(values)] = 1.4 + random.next() * 0.8;
    for (const modeled of funnel.modeled ? [false, true] : [false]) {
      const vendor = modeled ? MODELED_VENDOR : MATCHED_VENDOR;
      const shares = stageShares(funnel, brand, modeled);
      for (const [s, stage] of funnel.stages.entries()) {
        const top = modeled ? `${funnel.label} (Modeled)` : funnel.label;
        out.push({
          shortId: shortIdBase + FUNNEL_SHORT_ID_OFFSET + out.length + 1,
          identifier: funnelIdentifier(brand.name, stage.name, modeled),
          name: `${top} > ${brand.name} > ${stage.name}`,
          pathParts: [top, brand.name, stage.name],
          vendorName: vendor.vendor_name,
          vendorType: vendor.vendor_type,
          deleted: false,
          kind: 'regular',
          density: shares[s]!,
          categoryIndex: brand.categoryIndex,
          lifts,
          allowCreateAudienceSingle: true,
          funnel: {
            brand: b,
            stage: s,
            modeled,
            inside: modeled ? (s === 0 ? MODELED_INSIDE_MATCHED : brand.inside - MODELED_INSIDE_LOOSER) : brand.inside,
          },
        });
      }
    }
  }
  return out;
}

/** Two sorted id lists with nothing in common, as one sorted list. */
function mergeSorted(a: number[], b: number[]): Uint32Array {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) out[n++] = a[i]! < b[j]! ? a[i++]! : b[j++]!;
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out;
}

/**
 * About `target` people of whom `inside` share are drawn from `within` (sorted) and the rest from
 * everyone outside it, each by geometric skips (cost ~ the people chosen, not the population).
 */
export function nestedSample(within: Uint32Array, people: number, target: number, inside: number, random: Random): Uint32Array {
  const fromInside = Math.min(within.length, inside * target);
  const inPart: number[] = [];
  if (within.length) sample(within, fromInside / within.length, random, inPart);
  const outsidePeople = people - within.length;
  const q = outsidePeople > 0 ? Math.min(1, Math.max(0, target - fromInside) / outsidePeople) : 0;
  const outPart: number[] = [];
  if (q > 0) {
    const logQ = Math.log1p(-q);
    const skip = () => (q >= 1 ? 0 : Math.floor(Math.log(random.nextOpen()) / logQ));
    let j = 0;
    for (let id = skip(); id < people; id += 1 + skip()) {
      while (j < within.length && within[j]! < id) j++;
      if (within[j] !== id) outPart.push(id);
    }
  }
  return mergeSorted(inPart, outPart);
}

/**
 * The members of a catalogue's funnel segments that lean on one category, in catalogue order:
 * a first stage from the category's value lists (`lists`, each sorted), every later stage nested
 * in the one before, a modeled first stage in the matched one. Holds one brand's last sets only.
 */
export function* funnelMembers(
  segments: readonly SegmentDefinition[],
  lists: Uint32Array[],
  people: number,
  seed: number | string,
): Generator<{ segment: SegmentDefinition; members: Uint32Array }> {
  const shares = lists.map((list) => list.length / people);
  let matchedFirst: Uint32Array | null = null;
  let previous: Uint32Array | null = null;
  for (const segment of segments) {
    const place = segment.funnel;
    if (!place) continue;
    const random = new Random(`funnel:${seed}:${segment.identifier}`);
    const target = segment.density * people;
    let members: Uint32Array;
    if (place.stage === 0 && !place.modeled) {
      const chances = valueProbabilities(segment.density, segment.lifts, shares);
      const out: number[] = [];
      lists.forEach((list, v) => sample(list, chances[v] ?? 0, random, out));
      members = Uint32Array.from(out).sort();
      matchedFirst = members;
    } else {
      const within = place.stage === 0 ? matchedFirst : previous;
      if (!within) throw new Error(`funnel segment ${segment.identifier} comes before the one it nests in`);
      members = nestedSample(within, people, target, place.inside, random);
    }
    previous = members;
    yield { segment, members };
  }
}
