import type { GrowTag } from '@shared/rules/grow';

/**
 * The demo Grow charts, TV count settings and market-level-only regions, as data: the seed
 * (seed-grow.ts) writes exactly this.
 *
 * Segments are named by the leaf of their path, not by number: the catalogue is deterministic
 * (buildCatalog with the client's catalogue seed), and the writer attaches the first segment
 * among the first DEMO_GROW_SEGMENT_POOL whose leaf matches and which fits the role: live,
 * regular-sized, from a non-modeled vendor for matched and from the modeled vendor for modeled
 * (deleted for `deletedMatched`). When none matches, the next unused one that fits is taken.
 */

/** API tests generate 60 segments per region, the browser tests 120, production 300: the first 60 are in all. */
export const DEMO_GROW_SEGMENT_POOL = 60;

export interface DemoGrowAudience {
  name: string;
  tag: GrowTag;
  population: number;
  /** The leaf of a live, non-modeled segment. */
  matched?: string;
  /** The leaf of a segment the provider deleted: this audience makes its chart invalid. */
  deletedMatched?: string;
  /** The leaf of a live modeled segment, or none. */
  modeled: string | null;
}

export interface DemoGrowChart {
  client: string;
  region: string;
  brand: string;
  product: string;
  name: string;
  default: boolean;
  measurementLabel: string;
  markets: { name: string; audiences: DemoGrowAudience[] }[];
}

const aud = (name: string, tag: GrowTag, population: number, matched: string, modeled: string | null): DemoGrowAudience => ({ name, tag, population, matched, modeled });

const FIZZ_ORIGINAL = { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' } as const;

export const DEMO_GROW_CHARTS: DemoGrowChart[] = [
  {
    ...FIZZ_ORIGINAL,
    name: 'Fizz Original Market Map',
    default: true,
    measurementLabel: 'Penetration',
    markets: [
      {
        name: 'Health & Wellness',
        audiences: [
          aud('Fitness Enthusiasts', 'owned', 8_400_000, 'Fitness', 'Outdoor'),
          aud('Healthy Eaters', 'opportunity', 12_600_000, 'Healthy Eating', 'Coffee'),
          aud('Organic Shoppers', 'none', 5_100_000, 'Organic', null),
        ],
      },
      {
        name: 'Entertainment Seekers',
        audiences: [
          aud('Gamers', 'owned', 9_800_000, 'Gaming', 'Comedy'),
          aud('Music Lovers', 'opportunity', 11_200_000, 'Music', 'Concerts'),
          aud('Movie Goers', 'none', 7_300_000, 'Movies', 'Theatre'),
          aud('Reality TV Fans', 'opportunity', 6_900_000, 'Reality TV', null),
        ],
      },
      {
        name: 'Foodies',
        audiences: [
          aud('Home Bakers', 'owned', 4_700_000, 'Baking', 'Wine'),
          aud('Craft Beer Fans', 'opportunity', 3_900_000, 'Craft Beer', 'Wine'),
          aud('Fast Food Regulars', 'none', 14_200_000, 'Fast Food', 'Coffee'),
          aud('Vegan Eaters', 'opportunity', 2_600_000, 'Vegan', null),
        ],
      },
      {
        name: 'Active Lifestyles',
        audiences: [
          aud('Runners', 'owned', 10_500_000, 'Running', 'Basketball'),
          aud('Cyclists', 'opportunity', 3_200_000, 'Cycling', 'Outdoor'),
        ],
      },
      {
        name: 'Smart Shoppers',
        audiences: [
          aud('Electronics Buyers', 'opportunity', 8_800_000, 'Electronics', 'Smart Home'),
          aud('Apparel Shoppers', 'owned', 9_600_000, 'Apparel', 'Credit Card'),
          aud('Jewelry Buyers', 'none', 2_100_000, 'Jewelry', 'Hotels'),
        ],
      },
    ],
  },
  {
    ...FIZZ_ORIGINAL,
    name: 'Summer Reach Planner',
    default: false,
    measurementLabel: 'Reach',
    markets: [
      {
        name: 'Summer Travelers',
        audiences: [
          aud('Air Travelers', 'owned', 6_400_000, 'Air Travel', 'Hotels'),
          aud('Road Trippers', 'opportunity', 5_800_000, 'New Car', 'Auto Insurance'),
        ],
      },
      {
        name: 'Outdoor Fans',
        audiences: [
          aud('Tennis Players', 'opportunity', 2_900_000, 'Tennis', 'Outdoor'),
          aud('Baseball Fans', 'owned', 7_700_000, 'Baseball', 'Basketball'),
          aud('Golfers', 'none', 3_400_000, 'Golf', null),
        ],
      },
      {
        name: 'Backyard Entertainers',
        audiences: [
          aud('DIY Homeowners', 'owned', 5_200_000, 'DIY', 'Pets'),
          aud('Crafters', 'none', 2_300_000, 'Crafts', null),
          { name: 'Podcast Listeners', tag: 'opportunity', population: 4_100_000, deletedMatched: 'Podcasts', modeled: 'Theatre' },
        ],
      },
      {
        name: 'Summer Readers',
        audiences: [
          aud('Book Lovers', 'owned', 6_100_000, 'Books', 'Comedy'),
          aud('Movie Fans', 'none', 8_200_000, 'Movies', null),
        ],
      },
    ],
  },
  {
    client: 'acme',
    region: 'us',
    brand: 'fizz-cola',
    product: 'fizz-zero',
    name: 'Fizz Zero Launch',
    default: true,
    measurementLabel: 'Penetration',
    markets: [
      {
        name: 'Calorie Counters',
        audiences: [
          aud('Fitness Fans', 'owned', 7_500_000, 'Fitness', 'Outdoor'),
          aud('Healthy Eaters', 'opportunity', 9_900_000, 'Healthy Eating', 'Coffee'),
        ],
      },
      {
        name: 'Soda Switchers',
        audiences: [
          aud('Fast Food Fans', 'opportunity', 6_300_000, 'Fast Food', null),
          aud('Gamers', 'none', 8_700_000, 'Gaming', 'Comedy'),
        ],
      },
    ],
  },
];

/** TV panelist estimate settings; au's minimum is the 210 its small-sample warning cites (spec 3 §8). */
export const DEMO_TV_COUNT_SETTINGS = [
  { client: 'acme', region: 'us', minimum: 50, maximum: 2_000_000, nPids: 12_000, constant: 1 },
  { client: 'acme', region: 'au', minimum: 210, maximum: 500_000, nPids: 4_000, constant: 1 },
] as const;

/** Client regions whose Grow charts show market level only (no person-level tabs). */
export const DEMO_MARKET_LEVEL_ONLY = [{ client: 'acme', region: 'au' }] as const;
