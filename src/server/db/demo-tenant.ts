import { ADMIN_RESOURCES, RESOURCES, type Resource } from '@shared/permissions';
import { FEATURES } from '@shared/rules/access';

/** The demo tenant, as data: the seed writes exactly this. */

const allFeatures = Object.fromEntries(FEATURES.map((f) => [f, true]));

export const DEMO_REGIONS = [
  { slug: 'us', name: 'United States' },
  { slug: 'uk', name: 'United Kingdom' },
  { slug: 'au', name: 'Australia' },
  { slug: 'ca', name: 'Canada' },
] as const;

export interface DemoClient {
  slug: string;
  name: string;
  conversantCompanyId: number;
  lite?: boolean;
  featureFlags: Record<string, boolean>;
  regions: { slug: string; currency: string; isDefault?: boolean }[];
  brands: {
    slug: string;
    name: string;
    category: string;
    products: { slug: string; name: string; regions: string[] }[];
  }[];
  toolbox: { name: string; iframed: boolean; url: string; regionIds: string[]; category: string }[];
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    slug: 'acme',
    name: 'Acme Corporation',
    conversantCompanyId: 1001,
    featureFlags: { ...allFeatures, true_target: true, pve: true, pve_product_category: true },
    regions: [
      { slug: 'us', currency: 'USD', isDefault: true },
      { slug: 'uk', currency: 'GBP' },
      { slug: 'au', currency: 'AUD' },
    ],
    brands: [
      {
        slug: 'fizz-cola',
        name: 'Fizz Cola',
        category: 'Beverages',
        products: [
          { slug: 'fizz-original', name: 'Fizz Original', regions: ['us', 'uk', 'au'] },
          { slug: 'fizz-zero', name: 'Fizz Zero', regions: ['us', 'uk'] },
        ],
      },
      {
        slug: 'mountain-spring',
        name: 'Mountain Spring',
        category: 'Beverages',
        products: [
          { slug: 'still-water', name: 'Still Water', regions: ['us', 'au'] },
          { slug: 'sparkling-water', name: 'Sparkling Water', regions: ['us'] },
        ],
      },
      {
        slug: 'crunchies',
        name: 'Crunchies',
        category: 'Snacks',
        products: [
          { slug: 'classic', name: 'Crunchies Classic', regions: ['us', 'uk'] },
          { slug: 'bbq', name: 'Crunchies BBQ', regions: ['us'] },
        ],
      },
      {
        slug: 'nutty-bar',
        name: 'Nutty Bar',
        category: 'Snacks',
        products: [{ slug: 'original', name: 'Nutty Bar Original', regions: ['us', 'au'] }],
      },
      {
        slug: 'glow',
        name: 'Glow',
        category: 'Personal Care',
        products: [{ slug: 'shampoo', name: 'Glow Shampoo', regions: ['us', 'uk', 'au'] }],
      },
    ],
    toolbox: [
      { name: 'reach-planner', iframed: true, url: 'https://toolbox.example.com/reach-planner', regionIds: ['all'], category: 'plans' },
      { name: 'brand-tracker', iframed: false, url: 'https://tracker.example.com/', regionIds: ['all'], category: 'analytics' },
    ],
  },
  {
    slug: 'globex',
    name: 'Globex',
    conversantCompanyId: 1002,
    featureFlags: { explore: true, grow: true, journey: true, measure: true, audiences: true },
    regions: [{ slug: 'us', currency: 'USD', isDefault: true }],
    brands: [
      {
        slug: 'globex-auto',
        name: 'Globex Auto',
        category: 'Automotive',
        products: [{ slug: 'roadster', name: 'Roadster', regions: ['us'] }],
      },
      {
        slug: 'globex-finance',
        name: 'Globex Finance',
        category: 'Financial Services',
        products: [{ slug: 'everyday-card', name: 'Everyday Card', regions: ['us'] }],
      },
    ],
    toolbox: [],
  },
  {
    slug: 'initech',
    name: 'Initech',
    conversantCompanyId: 1003,
    lite: true,
    featureFlags: { explore: true, audiences: true },
    regions: [
      { slug: 'us', currency: 'USD', isDefault: true },
      // Canada has no brands yet: choosing it leads to the notice page.
      { slug: 'ca', currency: 'CAD' },
    ],
    brands: [
      {
        slug: 'red-stapler',
        name: 'Red Stapler',
        category: 'Office Supplies',
        products: [{ slug: 'stapler', name: 'Swingline Stapler', regions: ['us'] }],
      },
    ],
    toolbox: [],
  },
];

type Grant = { resource: Resource; create?: boolean; read?: boolean; update?: boolean; destroy?: boolean };

const insightResources = RESOURCES.filter((r) => !ADMIN_RESOURCES.includes(r));
/**
 * Issue 16: analysts make, edit and delete audiences (lookalikes are audiences) and overlap comparisons.
 * Issue 18: and outcome timeframes: analysts are the planners who keep the monthly figures.
 */
const editable: Resource[] = ['mekkos', 'journeys', 'explore', 'audiences', 'comparisons', 'outcome_timeframes'];
/** What an analyst may ask for without editing it after (issue 14: Create Index Report). */
const requestable: Resource[] = ['index_report'];
/** Analysts activate audiences and refresh or cancel them (issue 14); deleting is not a thing activations have. */
const activating: Resource[] = ['ams_activation'];

/** A role the seed writes when no role has its name (roles are data: an administrator's edits stay). */
export interface DemoRole {
  name: string;
  description: string;
  isAdmin: boolean;
  grants: Grant[];
}

const analystGrants: Grant[] = insightResources.map((resource) => {
  const edit = editable.includes(resource);
  const activate = activating.includes(resource);
  return { resource, read: true, create: edit || activate || requestable.includes(resource), update: edit || activate, destroy: edit };
});
const crud = (resource: Resource): Grant => ({ resource, create: true, read: true, update: true, destroy: true });
/** What a client's own administrator manages: its brands and products, its users, its toolbox. */
const clientAdminResources: Resource[] = ['brands', 'products', 'users', 'toolbox_client_configuration', 'upload', 'upload_mekkos', 'upload_journeys', 'upload_personas', 'upload_discussions', 'upload_surveys'];

/**
 * The default roles (issue 19: the permission matrix as data). The seed writes a role only when
 * none has its name, marked built_in; from then on it is the administrators' to edit.
 */
export const DEMO_ROLES: DemoRole[] = [
  {
    name: 'Admin',
    description: 'Everything, in every client it is given.',
    isAdmin: true,
    grants: RESOURCES.map(crud),
  },
  {
    name: 'Analyst',
    description: 'Reads every insight; makes and edits charts, journeys, personas, audiences and comparisons.',
    isAdmin: false,
    grants: analystGrants,
  },
  {
    name: 'Viewer',
    description: 'Reads every insight, changes nothing.',
    isAdmin: false,
    grants: insightResources.filter((r) => r !== 'molecula_access').map((resource) => ({ resource, read: true })),
  },
  {
    name: 'Client Admin',
    description: "An analyst who also manages the client's brands, products, users and toolbox.",
    isAdmin: false,
    grants: [
      ...analystGrants.filter((g) => !clientAdminResources.includes(g.resource)),
      ...clientAdminResources.map(crud),
      { resource: 'roles', read: true },
    ],
  },
];

export const DEMO_USERS = [
  { email: 'admin@demo.test', firstName: 'Dana', lastName: 'Whitfield', role: 'Admin', slugs: ['*'], loginUserId: 'dwhitfield' },
  { email: 'analyst@acme.test', firstName: 'Priya', lastName: 'Raman', role: 'Analyst', slugs: ['acme'], loginUserId: 'praman' },
  { email: 'viewer@globex.test', firstName: 'Sam', lastName: 'Okafor', role: 'Viewer', slugs: ['globex'], loginUserId: 'sokafor' },
  { email: 'clientadmin@acme.test', firstName: 'Casey', lastName: 'Morgan', role: 'Client Admin', slugs: ['acme'], loginUserId: 'cmorgan' },
] as const;

/**
 * Invited and not yet signed up: no password (they cannot log in), shown as a pending
 * invitation on the users screen; an administrator sends them a new link from there.
 */
export const DEMO_INVITED_USERS = [
  { email: 'jordan.lee@acme.test', firstName: 'Jordan', lastName: 'Lee', role: 'Viewer', slugs: ['acme/us'], invitedBy: 'clientadmin@acme.test' },
] as const;

/** Recent audiences on acme's first product, so the home page's activity table has rows. */
export const DEMO_AUDIENCES = [
  { name: 'Health-conscious Millennials', type: 'audience', audienceType: null, daysAgo: 1 },
  { name: 'Lapsed Soda Buyers', type: 'audience', audienceType: null, daysAgo: 3 },
  { name: 'Optimized Summer Reach', type: 'audience', audienceType: 'pve', daysAgo: 8 },
  { name: 'Weekend Snackers (shared)', type: 'audience', audienceType: null, daysAgo: 12, sourceIdentifier: 'globex:aud-17', sharedFrom: 'globex' },
  { name: 'Q3 Outcome: New Buyers', type: 'outcome_audience', audienceType: 'outcome', daysAgo: 20 },
  { name: 'Sports Fans 25-44', type: 'audience', audienceType: null, daysAgo: 31 },
];

/**
 * The rule of each activatable demo audience: OR-groups and excludes of segment leaves, chosen
 * from acme/us's generated segments as the Grow charts' are (seed-grow.ts segmentPicker).
 */
export const DEMO_AUDIENCE_RULES: Record<string, { and: string[][]; exclude: string[] }> = {
  'Health-conscious Millennials': { and: [['Fitness', 'Organic'], ['Millennials']], exclude: [] },
  'Lapsed Soda Buyers': { and: [['Soft Drinks']], exclude: ['Energy Drinks'] },
  'Optimized Summer Reach': { and: [['Outdoor', 'Travel', 'Sports']], exclude: [] },
  'Weekend Snackers (shared)': { and: [['Snacks'], ['Weekend']], exclude: [] },
  'Sports Fans 25-44': { and: [['Sports'], ['25-44', 'Adults']], exclude: ['Seniors'] },
  'Q3 Outcome: New Buyers': { and: [['Soft Drinks'], ['Fitness', 'Outdoor']], exclude: [] },
};

/** Where acme's (and globex's) activations deliver: a directory per platform under DATA_DIR/deliveries. */
export const DEMO_DESTINATIONS = [
  { client: 'acme', name: 'The Trade Desk', platform: 'the_trade_desk', directory: 'acme/the-trade-desk' },
  { client: 'acme', name: 'Google DV360', platform: 'google_dv360', directory: 'acme/google-dv360' },
  { client: 'acme', name: 'Meta Ads', platform: 'meta_ads', directory: 'acme/meta-ads' },
  { client: 'globex', name: 'The Trade Desk', platform: 'the_trade_desk', directory: 'globex/the-trade-desk' },
] as const;

export interface DemoActivation {
  audience: keyof typeof DEMO_AUDIENCE_RULES;
  destination: string;
  state: 'draft' | 'on_hold' | 'in_progress' | 'canceled' | 'error';
  /** Seeded In Progress and delivered for real this long after the demo's data is ready (demo-deliveries.ts). */
  deliverAfterSeconds?: number;
  sentDaysAgo?: number;
  refreshedDaysAgo?: number;
  /** Days from the seed to its end date; none is open-ended. */
  endInDays?: number;
  error?: string;
}

/**
 * acme/us/fizz-original's activations, one per state the Ams page shows. The two seeded In
 * Progress are delivered for real once the demo's data is ready (demo-deliveries.ts): the first
 * at once, so it is Complete with a delivered file and its past Sent Date; the second a few
 * minutes later, so a fresh demo also shows a delivery under way. No row is Complete without a file.
 */
export const DEMO_ACTIVATIONS: DemoActivation[] = [
  { audience: 'Health-conscious Millennials', destination: 'The Trade Desk', state: 'in_progress', deliverAfterSeconds: 0, sentDaysAgo: 14, refreshedDaysAgo: 2 },
  { audience: 'Lapsed Soda Buyers', destination: 'Google DV360', state: 'in_progress', deliverAfterSeconds: 180, sentDaysAgo: 9, refreshedDaysAgo: 9 },
  { audience: 'Weekend Snackers (shared)', destination: 'Meta Ads', state: 'on_hold', endInDays: 45 },
  {
    audience: 'Sports Fans 25-44', destination: 'The Trade Desk', state: 'error', sentDaysAgo: 20, refreshedDaysAgo: 5,
    error: 'The Trade Desk refused the upload: the advertiser seat is not linked to this account.',
  },
  { audience: 'Optimized Summer Reach', destination: 'Google DV360', state: 'canceled', sentDaysAgo: 30, refreshedDaysAgo: 30, endInDays: 60 },
  { audience: 'Lapsed Soda Buyers', destination: 'Meta Ads', state: 'draft', endInDays: 90 },
];
