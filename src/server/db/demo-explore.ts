import type { EXPLORE_LIMITS } from '@shared/rules/explore';

/**
 * The demo's Explore personas and custom widgets, as data: the seed (seed-explore.ts) writes
 * exactly this. Segments are named by the leaf of their path and picked as Grow's demo charts
 * pick them (seed-grow.ts segmentPicker): a live one whose leaf matches, else the next unused;
 * `deleted` names one the provider deleted (the invalid persona). Demographic values are named
 * by category and value: their ids exist only once the region's data is generated, so the
 * persona is written without them and given them then (completeExploreDemo).
 */

type Icon = (typeof EXPLORE_LIMITS.icons)[number];

export interface DemoPersona {
  name: string;
  /** OR-groups of segment leaves, ANDed. */
  include: string[][];
  exclude?: string[];
  /** Leaves of segments the provider deleted: the persona is invalid. */
  deleted?: string[];
  /** OR-groups of [category, value], ANDed with the include groups. */
  values?: [string, string][][];
  default?: boolean;
  icon?: Icon;
}

export interface DemoWidget {
  kind: 'market' | 'region';
  name: string;
  tab: string;
  rows: { attribute: string; value: string; count?: number; percent?: number }[];
}

export interface DemoExploreScope {
  client: string;
  region: string;
  brand: string;
  product: string;
  personas: DemoPersona[];
  /** Under the all-data persona. */
  widgets: DemoWidget[];
}

const percents = (attribute: string, rows: [string, number][]) => rows.map(([value, percent]) => ({ attribute, value, percent }));

const US_WIDGETS: DemoWidget[] = [
  {
    kind: 'market',
    name: 'Age',
    tab: 'Demographics',
    rows: percents('Age', [['18-24', 12.1], ['25-34', 17.9], ['35-44', 16.6], ['45-54', 16.0], ['55-64', 16.4], ['65-74', 12.3], ['75+', 8.7]]),
  },
  {
    kind: 'market',
    name: 'Household Income',
    tab: 'Demographics',
    rows: percents('Household Income', [
      ['Under $25K', 17.6], ['$25K-$50K', 19.8], ['$50K-$75K', 16.6], ['$75K-$100K', 12.5],
      ['$100K-$150K', 15.3], ['$150K-$200K', 8.1], ['$200K-$250K', 4.2], ['$250K+', 5.9],
    ]),
  },
  {
    kind: 'market',
    name: 'TV, Social and Streaming',
    tab: 'Media',
    rows: percents('Media Habits', [['Heavy TV', 31.4], ['Social Heavy', 27.2], ['Streaming First', 24.8], ['Connected TV', 16.6]]),
  },
  {
    kind: 'region',
    name: 'Gender',
    tab: 'Demographics',
    rows: [
      { attribute: 'Gender', value: 'Female', count: 168_400_000 },
      { attribute: 'Gender', value: 'Male', count: 162_100_000 },
      { attribute: 'Gender', value: 'Non-binary', count: 1_300_000 },
    ],
  },
];

export const DEMO_EXPLORE: DemoExploreScope[] = [
  {
    client: 'acme',
    region: 'us',
    brand: 'fizz-cola',
    product: 'fizz-original',
    personas: [
      { name: 'Health-conscious Millennials', include: [['Fitness', 'Healthy Eating', 'Organic']], values: [[['Age', '25-34'], ['Age', '35-44']]], icon: 'heart' },
      { name: 'Weekend Sports Fans', include: [['Football', 'Basketball', 'Baseball'], ['Fast Food']], default: true, icon: 'flag' },
      { name: 'Foodies, Not Fast Food', include: [['Cooking', 'Fine Dining', 'Wine']], exclude: ['Fast Food'], icon: 'shopping-cart' },
      { name: 'Gamers and Music Lovers', include: [['Gaming'], ['Music', 'Concerts']], icon: 'star' },
      { name: 'Outdoor Adventurers', include: [['Outdoor', 'Cycling', 'Running']], icon: 'globe' },
      { name: 'Podcast Listeners', include: [['Comedy']], deleted: ['Podcasts'], icon: 'user' },
    ],
    widgets: US_WIDGETS,
  },
  {
    client: 'globex',
    region: 'us',
    brand: 'globex-auto',
    product: 'roadster',
    personas: [
      { name: 'Car Shoppers', include: [['New Car', 'Used Car', 'Electric Vehicle']], default: true, icon: 'bolt' },
      { name: 'Road Trip Families', include: [['Car Rental', 'Theme Parks']], exclude: ['Air Travel'], icon: 'users' },
      { name: 'Auto Enthusiasts', include: [['Auto Insurance', 'Tires'], ['Sporting Goods']], icon: 'star' },
      { name: 'Affluent Drivers', include: [['Auto Loan', 'Investing']], values: [[['Household Income', '$150K-$200K'], ['Household Income', '$200K-$250K'], ['Household Income', '$250K+']]], icon: 'briefcase' },
    ],
    widgets: US_WIDGETS,
  },
];
