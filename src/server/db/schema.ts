import { sql } from 'drizzle-orm';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { CustomWidgetRow } from '@shared/schemas/explore';
import type { Figure } from '@shared/rules/uploads';
import type { SurveyQuestion } from '@shared/rules/surveys';
import type { CurveParams } from '@shared/rules/curves';
import type { MediaPlanFile, ScenarioFlight } from '@shared/schemas/plans';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL `bit varying`, sent and read as a hex string ('x...' on input). */
const bitVarying = customType<{ data: string; driverData: string }>({ dataType: () => 'bit varying' });

/** PostgreSQL `bytea`: node-postgres reads a Buffer, PGlite a Uint8Array; both are given a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  loginUserId: text('login_user_id'),
  lionLogin: text('lion_login'),
  oktaLogin: text('okta_login'),
  active: boolean('active').notNull().default(true),
  /** Who invited the user (null for seeded users). */
  invitedBy: integer('invited_by'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)]);

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Admins may view the product as another user. */
  isAdmin: boolean('is_admin').notNull().default(false),
  description: text('description').notNull().default(''),
  /** Seeded from the default roles (shared/default-roles.ts); may be edited, never renamed away by the seed. */
  builtIn: boolean('built_in').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});

export const rolePermissions = pgTable('role_permissions', {
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
  resource: text('resource').notNull(),
  canCreate: boolean('can_create').notNull().default(false),
  canRead: boolean('can_read').notNull().default(false),
  canUpdate: boolean('can_update').notNull().default(false),
  canDestroy: boolean('can_destroy').notNull().default(false),
}, (t) => [primaryKey({ columns: [t.roleId, t.resource] })]);

export const userRoles = pgTable('user_roles', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  roleId: integer('role_id').notNull().references(() => roles.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })]);

/** Hierarchy permissions: a slug prefix ("acme", "acme/us", "acme/us/brand/product") or "*" for all. */
export const userHierarchyPermissions = pgTable('user_hierarchy_permissions', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.slug] })]);

/** One-time links that let an invited user set their password; only the sha256 of the token is stored. */
export const invitations = pgTable('invitations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [index('invitations_user_idx').on(t.userId)]);

export const sessions = pgTable('sessions', {
  /** sha256 of the session token; the token itself is never stored. */
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Set while an administrator views as another user: the user being viewed. */
  actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
  csrfToken: text('csrf_token').notNull(),
  dataSource: text('data_source').notNull().default('molecula'),
  /** Signed on through the identity provider: its logout follows ours (decision 017). */
  sso: boolean('sso').notNull().default(false),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
}, (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)]);

/**
 * SAML AuthnRequest ids this deployment sent and has not yet seen answered (decision 017): node-saml's
 * InResponseTo cache, in the database so a response posted to any API process finds its request.
 */
export const samlRequests = pgTable('saml_requests', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
  expires: timestamp('expires', { withTimezone: true }).notNull(),
}, (t) => [index('saml_requests_expires_idx').on(t.expires)]);

/** The opaque RelayState of a pending SSO login and the checked relative path it returns to, once. */
export const samlRelayStates = pgTable('saml_relay_states', {
  key: text('key').primaryKey(),
  returnUrl: text('return_url').notNull(),
  createdAt: createdAt(),
  expires: timestamp('expires', { withTimezone: true }).notNull(),
  used: boolean('used').notNull().default(false),
  /** The client address that started the sign-on: its pending ones are bounded (SAML_PENDING_PER_ADDRESS). */
  address: text('address').notNull().default(''),
}, (t) => [
  index('saml_relay_states_expires_idx').on(t.expires),
  index('saml_relay_states_address_idx').on(t.address, t.expires),
]);

/** Failed login attempts, per account and per address, for the rate limit (kept in the DB so API processes agree). */
export const loginAttempts = pgTable('login_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  email: text('email').notNull(),
  address: text('address').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_address_idx').on(t.address, t.at)]);

export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  featureFlags: jsonb('feature_flags').$type<Record<string, boolean>>().notNull().default({}),
  conversantCompanyId: integer('conversant_company_id'),
  /** The client's language, one of GET /api/languages. */
  language: text('language').notNull().default('en-US'),
  lite: boolean('lite').notNull().default(false),
  active: boolean('active').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
});

export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
});

export const clientRegions = pgTable('client_regions', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  currency: text('currency').notNull().default('USD'),
  isDefault: boolean('is_default').notNull().default(false),
  moleculaIndex: text('molecula_index'),
  esIndex: text('es_index'),
  /** Grow charts of this client region show market level only: no person-level tabs (spec 3 §6, excluded_regions). */
  marketLevelOnly: boolean('market_level_only').notNull().default(false),
}, (t) => [uniqueIndex('client_regions_key').on(t.clientId, t.regionId)]);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  category: text('category').notNull(),
  conversantCompanyId: integer('conversant_company_id'),
  /** Site-visit segment mapping (spec 2 §3): three optional slots of {identifier, name}, or null. */
  siteVisitSegmentMapping: jsonb('site_visit_segment_mapping').$type<Record<string, { identifier: string; name: string }>>(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('brands_client_slug_key').on(t.clientId, t.slug)]);

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').notNull().references(() => brands.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  conversantCompanyId: integer('conversant_company_id'),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('products_brand_slug_key').on(t.brandId, t.slug)]);

export const productRegions = pgTable('product_regions', {
  id: serial('id').primaryKey(),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  idEnvProductSlug: text('id_env_product_slug'),
}, (t) => [uniqueIndex('product_regions_key').on(t.productId, t.regionId)]);

/** Toolbox categories (spec 1 §3): units name theirs in feature_module_category; ordered by priority. */
export const toolboxCategories = pgTable('toolbox_categories', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  status: boolean('status').notNull().default(true),
  priority: integer('priority').notNull().default(0),
  version: integer('version').notNull().default(1),
}, (t) => [uniqueIndex('toolbox_categories_client_name_key').on(t.clientId, sql`lower(${t.name})`)]);

export const toolboxUnits = pgTable('toolbox_units', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  status: boolean('status').notNull().default(true),
  regionIds: jsonb('region_ids').$type<string[]>().notNull().default(['all']),
  useClientHierarchy: boolean('use_client_hierarchy').notNull().default(false),
  featureModuleCategory: text('feature_module_category'),
  iframed: boolean('iframed').notNull().default(false),
  url: text('url').notNull(),
  /** Goes up by one on every write; a write based on another version is refused with 409. */
  version: integer('version').notNull().default(1),
}, (t) => [uniqueIndex('toolbox_units_client_name_key').on(t.clientId, t.name)]);

/**
 * Idempotency keys (X-Request-ID of a write), stored in the same transaction as the change,
 * with the first answer, which a replay of the key gets again. Kept 30 days.
 */
export const processedRequests = pgTable('processed_requests', {
  key: text('key').notNull(),
  userId: integer('user_id').notNull(),
  method: text('method').notNull(),
  path: text('path').notNull(),
  /** sha256 of the request's canonical JSON (context client, query, body): a key reused for another request is refused. */
  requestHash: text('request_hash').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response'),
  contentType: text('content_type').notNull().default('application/json; charset=utf-8'),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.userId, t.key] }), index('processed_requests_created_idx').on(t.createdAt)]);

/**
 * A fixed window per (real user, expensive write): how many were accepted since window_start
 * (decision 018). In the database, so every API process counts against the same number.
 */
export const writeLimits = pgTable('write_limits', {
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** A WriteLimitAction of src/shared/rules/write-limits.ts. */
  action: text('action').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  count: integer('count').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.action] })]);

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorUserId: integer('actor_user_id'),
  actingAsUserId: integer('acting_as_user_id'),
  action: text('action').notNull(),
  target: text('target'),
  details: jsonb('details'),
  requestId: text('request_id'),
}, (t) => [index('audit_log_at_idx').on(t.at)]);

/** Saved audiences and lookalikes; the home page lists the latest (later issues create them). */
export const audiences = pgTable('audiences', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  description: text('description'),
  /** audience | lookalike | outcome_audience */
  type: text('type').notNull().default('audience'),
  audienceType: text('audience_type'),
  rules: jsonb('rules'),
  peopleCount: integer('people_count'),
  /** The audience this one was shared from (its identifier), in the client that shared it. */
  sourceIdentifier: text('source_identifier'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  // Issue 16 (decision 012): every audience has a uuid; lookalikes, optimized and motivation audiences are sets of people.
  identifier: text('identifier').notNull().default(sql`gen_random_uuid()::text`),
  /** A lookalike's seed: its identifier, its row while it exists, and its name (kept for the breadcrumb once it is deleted). */
  seedIdentifier: text('seed_identifier'),
  seedAudienceId: integer('seed_audience_id').references((): AnyPgColumn => audiences.id, { onDelete: 'set null' }),
  seedName: text('seed_name'),
  /** The segment of the context's client region that holds its people (a lookalike's, an optimized or motivation audience's). */
  shortId: integer('short_id'),
  /** pending | processing | ready | failed */
  status: text('status').notNull().default('ready'),
  /** A lookalike's reach as asked ({ kind, value }). */
  reach: jsonb('reach').$type<{ kind: 'multiplier' | 'count'; value: number }>(),
  /** A lookalike's measured quality (held-out recall and lift). */
  quality: jsonb('quality').$type<{ holdout: number; recovered: number; recall: number; random_recall: number; lift: number }>(),
  error: text('error'),
  jobId: text('job_id'),
  countedAt: timestamp('counted_at', { withTimezone: true }),
  /** Shared from another client: read-only here. */
  sharedFromClientId: integer('shared_from_client_id').references(() => clients.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('audiences_scope_idx').on(t.clientId, t.productId, t.regionId, t.createdAt),
  uniqueIndex('audiences_identifier_key').on(t.identifier),
  index('audiences_seed_idx').on(t.seedAudienceId),
]);

/** Notification tasks: index report downloads and completed outcomes (spec 1 §3). */
export const tasks = pgTable('tasks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  reportType: text('report_type').notNull(),
  status: text('status').notNull().default('received'),
  name: text('name').notNull(),
  uiName: text('ui_name'),
  productSlug: text('product_slug'),
  requestId: text('request_id'),
  downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** The job making it (pg-boss's id), while it is made. */
  jobId: text('job_id'),
  /** Why it failed, in words the user can act on (status 'failed'). */
  error: text('error'),
  /** The finished workbook. */
  fileId: integer('file_id').references(() => files.id, { onDelete: 'set null' }),
  /** What the job was asked: the report's definition (audience rules, categories, base). */
  request: jsonb('request'),
}, (t) => [index('tasks_user_idx').on(t.userId, t.clientId, t.createdAt)]);

/** Files made by jobs (reports), kept in the database so any API process can serve them. */
export const files = pgTable('files', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/** Every download of a report, for Report History (kept after the task expires). */
export const downloads = pgTable('downloads', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  hierarchy: text('hierarchy').notNull(),
  assetName: text('asset_name').notNull(),
  assetType: text('asset_type').notNull(),
  downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('downloads_client_idx').on(t.clientId, t.downloadedAt)]);

/** Where activations deliver: a named ad platform configured per client. */
export const destinations = pgTable('destinations', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  platform: text('platform').notNull(),
  /** The directory under DATA_DIR/deliveries that the platform collects from. */
  directory: text('directory').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('destinations_name_idx').on(t.clientId, t.name)]);

/** A saved audience sent to a destination (spec 1 §2.4, §3, §4). */
export const activations = pgTable('activations', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  audienceId: integer('audience_id').notNull().references(() => audiences.id, { onDelete: 'restrict' }),
  destinationId: integer('destination_id').notNull().references(() => destinations.id, { onDelete: 'restrict' }),
  /** draft, on_hold, in_progress, finalizing, complete, canceled, error. */
  state: text('state').notNull().default('draft'),
  lastRefresh: timestamp('last_refresh', { withTimezone: true }),
  sentDate: timestamp('sent_date', { withTimezone: true }),
  /** When delivery stops; 1970-01-01 means open-ended (shown "-"). */
  endDate: timestamp('end_date', { withTimezone: true }).notNull().default(sql`'1970-01-01T00:00:00Z'`),
  memberCount: integer('member_count'),
  filePath: text('file_path'),
  jobId: text('job_id'),
  error: text('error'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('activations_scope_idx').on(t.clientId, t.updatedAt)]);

/** Deployment secrets, created once, shared by every API process. */
export const secrets = pgTable('secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * One row whose version goes up, by trigger, on any change to clients, regions, brands or
 * products: API processes cache built hierarchies and check this number on every request.
 */
export const hierarchyVersion = pgTable('hierarchy_version', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * Who is in each segment and attribute value of a client region's people, durably: person ids
 * in fixed chunks of 65,536 bits (chunk c holds ids c*65536 .. c*65536+65535, first id leftmost).
 * All-zero chunks are not stored. The SQL engine counts with bit_or / & / bit_count over these;
 * the bitmap engine loads them at start.
 */
export const memberChunks = pgTable('member_chunks', {
  clientRegionId: integer('client_region_id').notNull().references(() => clientRegions.id, { onDelete: 'cascade' }),
  /** 1 = segment, 2 = attribute value. */
  setKind: smallint('set_kind').notNull(),
  setId: integer('set_id').notNull(),
  chunk: integer('chunk').notNull(),
  bits: bitVarying('bits').notNull(),
}, (t) => [primaryKey({ columns: [t.clientRegionId, t.setKind, t.setId, t.chunk] })]);

/** Data vendors (spec 1 §3): who supplies segments. */
export const vendors = pgTable('vendors', {
  id: serial('id').primaryKey(),
  vendorName: text('vendor_name').notNull().unique(),
  vendorType: text('vendor_type').notNull(),
});

export const vendorGroups = pgTable('vendor_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const vendorGroupMembers = pgTable('vendor_group_members', {
  groupId: integer('group_id').notNull().references(() => vendorGroups.id, { onDelete: 'cascade' }),
  vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.groupId, t.vendorId] })]);

export const vendorSourceCodes = pgTable('vendor_source_codes', {
  id: serial('id').primaryKey(),
  vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
}, (t) => [uniqueIndex('vendor_source_codes_key').on(t.vendorId, t.code)]);

/** Which vendor's data a region has, and for which use cases (create_audience_single, ...). */
export const vendorDataSources = pgTable('vendor_data_sources', {
  id: serial('id').primaryKey(),
  vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'cascade' }),
  useCases: jsonb('use_cases').$type<string[]>().notNull().default([]),
}, (t) => [uniqueIndex('vendor_data_sources_key').on(t.vendorId, t.regionId)]);

/** The people of a client region's data: ids 0..people-1, and how they were made. */
export const dataSets = pgTable('data_sets', {
  clientRegionId: integer('client_region_id').primaryKey().references(() => clientRegions.id, { onDelete: 'cascade' }),
  people: integer('people').notNull(),
  seed: text('seed'),
  /** generating | ready */
  status: text('status').notNull().default('generating'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const demographicCategories = pgTable('demographic_categories', {
  id: serial('id').primaryKey(),
  clientRegionId: integer('client_region_id').notNull().references(() => clientRegions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull(),
}, (t) => [uniqueIndex('demographic_categories_key').on(t.clientRegionId, t.name)]);

/** A value of a category; its members are member_chunks rows of set kind 2 and this id. */
export const demographicValues = pgTable('demographic_values', {
  id: serial('id').primaryKey(),
  categoryId: integer('category_id').notNull().references(() => demographicCategories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull(),
}, (t) => [uniqueIndex('demographic_values_key').on(t.categoryId, t.name)]);

/** Segments of a client region's data; members are member_chunks rows of set kind 1 and short_id. */
export const segments = pgTable('segments', {
  id: serial('id').primaryKey(),
  clientRegionId: integer('client_region_id').notNull().references(() => clientRegions.id, { onDelete: 'cascade' }),
  shortId: integer('short_id').notNull(),
  identifier: text('identifier').notNull(),
  name: text('name').notNull(),
  pathParts: jsonb('path_parts').$type<string[]>().notNull(),
  vendorId: integer('vendor_id').notNull().references(() => vendors.id, { onDelete: 'restrict' }),
  deleted: boolean('deleted').notNull().default(false),
  allowCreateAudienceSingle: boolean('allow_create_audience_single').notNull().default(true),
  peopleCount: integer('people_count').notNull().default(0),
}, (t) => [
  // Short ids are global: a rule naming another client region's segment finds nothing here.
  uniqueIndex('segments_short_id_key').on(t.shortId),
  uniqueIndex('segments_identifier_key').on(t.clientRegionId, t.identifier),
  index('segments_name_idx').on(t.clientRegionId, t.name),
]);

/**
 * Grow charts (spec 3 §3). A chart belongs to a product in a region of a client; its version
 * goes up on every change to it, its markets or its audiences (decision 007).
 */
export const mekkos = pgTable('mekkos', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  measurementLabel: text('measurement_label').notNull().default('Penetration'),
  /** people_count | tv_panelists */
  countType: text('count_type').notNull().default('people_count'),
  verticalType: text('vertical_type'),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('mekkos_scope_idx').on(t.clientId, t.productId, t.regionId),
  // Names are unique per scope, trimmed and case-insensitively (spec 3 §5).
  uniqueIndex('mekkos_scope_name_key').on(t.productId, t.regionId, sql`lower(btrim(${t.name}))`),
  // At most one default chart per scope.
  uniqueIndex('mekkos_scope_default_key').on(t.productId, t.regionId).where(sql`${t.isDefault}`),
]);

export const markets = pgTable('markets', {
  id: serial('id').primaryKey(),
  mekkoId: integer('mekko_id').notNull().references(() => mekkos.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  position: integer('position').notNull(),
}, (t) => [
  index('markets_mekko_idx').on(t.mekkoId, t.position),
  uniqueIndex('markets_name_key').on(t.mekkoId, sql`lower(btrim(${t.name}))`),
]);

/** Audiences (sub-markets) of a market. Segment short ids are the context region's. */
export const subMarkets = pgTable('sub_markets', {
  id: serial('id').primaryKey(),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  mekkoId: integer('mekko_id').notNull().references(() => mekkos.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** owned | opportunity | none */
  tag: text('tag').notNull().default('none'),
  position: integer('position').notNull(),
  matchedShortId: integer('matched_short_id'),
  modeledShortId: integer('modeled_short_id'),
  population: bigint('population', { mode: 'number' }).notNull().default(0),
  weboClusterId: text('webo_cluster_id'),
  discussionClusterNodeId: integer('discussion_cluster_node_id'),
  /** Market-level demographic figures, written by the Grow uploader (issue 29; decision 020). */
  demographics: jsonb('demographics').$type<Figure[]>().notNull().default(sql`'[]'::jsonb`),
}, (t) => [
  index('sub_markets_market_idx').on(t.marketId, t.position),
  index('sub_markets_mekko_idx').on(t.mekkoId),
  uniqueIndex('sub_markets_name_key').on(t.marketId, sql`lower(btrim(${t.name}))`),
]);

/** TV panelist estimate settings of a client region (spec 3 §3); without them charts count people only. */
export const tvCountSettings = pgTable('tv_count_settings', {
  clientRegionId: integer('client_region_id').primaryKey().references(() => clientRegions.id, { onDelete: 'cascade' }),
  minimum: integer('minimum').notNull(),
  maximum: integer('maximum').notNull(),
  nPids: integer('n_pids').notNull(),
  constant: doublePrecision('const').notNull().default(1),
});

/** Prediction models over a chart: a confidence per audience (spec 3 §3 Snapshot). */
export const snapshots = pgTable('snapshots', {
  id: serial('id').primaryKey(),
  mekkoId: integer('mekko_id').notNull().references(() => mekkos.id, { onDelete: 'cascade' }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
}, (t) => [index('snapshots_mekko_idx').on(t.mekkoId)]);

export const snapshotsSubMarkets = pgTable('snapshots_sub_markets', {
  snapshotId: integer('snapshot_id').notNull().references(() => snapshots.id, { onDelete: 'cascade' }),
  subMarketId: integer('sub_market_id').notNull().references(() => subMarkets.id, { onDelete: 'cascade' }),
  currentConfidence: doublePrecision('current_confidence').notNull(),
}, (t) => [primaryKey({ columns: [t.snapshotId, t.subMarketId] }), index('snapshots_sub_markets_sub_market_idx').on(t.subMarketId)]);

/**
 * Explore personas (spec 3 §3 Persona; issue 15): a product's saved filters in a region, as
 * `mekkos` are scoped. The all-data persona (identifiers null) is made on first need, one per
 * scope; names are unique per scope, trimmed and case-insensitively; at most one is the default.
 */
export const personas = pgTable('personas', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  /** An audience rule (segments and demographic values); null for the all-data persona. */
  identifiers: jsonb('identifiers').$type<AudienceRules>(),
  isAllData: boolean('is_all_data').notNull().default(false),
  isDefault: boolean('is_default').notNull().default(false),
  icon: text('icon'),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('personas_scope_idx').on(t.clientId, t.productId, t.regionId),
  uniqueIndex('personas_scope_name_key').on(t.productId, t.regionId, sql`lower(btrim(${t.name}))`),
  uniqueIndex('personas_scope_all_data_key').on(t.productId, t.regionId).where(sql`${t.isAllData}`),
  uniqueIndex('personas_scope_default_key').on(t.productId, t.regionId).where(sql`${t.isDefault}`),
]);

/** Custom widgets of Explore's Market Level, under a persona (spec 3 §2.1); versioned on their own. */
export const customWidgets = pgTable('custom_widgets', {
  id: serial('id').primaryKey(),
  personaId: integer('persona_id').notNull().references(() => personas.id, { onDelete: 'cascade' }),
  /** market | region */
  kind: text('kind').notNull().default('market'),
  name: text('name').notNull(),
  tab: text('tab').notNull(),
  position: integer('position').notNull(),
  rows: jsonb('rows').$type<CustomWidgetRow[]>().notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('custom_widgets_persona_idx').on(t.personaId, t.position)]);

/** Motivation audience requests (spec 3 §2.1, tier 3): stored pending; issue 16 makes them. */
export const motivationAudiences = pgTable('motivation_audiences', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  description: text('description'),
  rules: jsonb('rules').$type<AudienceRules>().notNull(),
  /** pending | processing | complete | failed */
  jobStatus: text('job_status').notNull().default('pending'),
  peopleCount: integer('people_count'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  /** The audience it became once complete (issue 16). */
  audienceId: integer('audience_id').references(() => audiences.id, { onDelete: 'set null' }),
  jobId: text('job_id'),
  error: text('error'),
}, (t) => [index('motivation_audiences_scope_idx').on(t.clientId, t.productId, t.regionId)]);

/**
 * Saved overlap comparisons (issue 16; insights/overlap/{comparisonId}): 2 to 4 members
 * (audiences, segments, personas) of a product in a region, with their last counts so they open
 * offline. Names are unique per scope, trimmed and case-insensitively; versioned like personas.
 */
export const comparisons = pgTable('comparisons', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  members: jsonb('members').$type<{ kind: 'audience' | 'segment' | 'persona'; id: number }[]>().notNull(),
  /** The last counts (ComparisonResult), null until counted or when a member is gone. */
  result: jsonb('result'),
  error: text('error'),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('comparisons_scope_idx').on(t.clientId, t.productId, t.regionId),
  uniqueIndex('comparisons_scope_name_key').on(t.productId, t.regionId, sql`lower(btrim(${t.name}))`),
]);

/**
 * Journeys (spec 3 §3; issue 17; decision 013): brands (rows) by stages (columns) of a product in
 * a region of a client, with one cell (sub-market) per brand and stage, saved and versioned as
 * one entity. Scoped as `mekkos`: names unique per scope, trimmed and case-insensitively; at most
 * one default per scope.
 */
export const journeys = pgTable('journeys', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  hasTransitionData: boolean('has_transition_data').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('journeys_scope_idx').on(t.clientId, t.productId, t.regionId),
  uniqueIndex('journeys_scope_name_key').on(t.productId, t.regionId, sql`lower(btrim(${t.name}))`),
  uniqueIndex('journeys_scope_default_key').on(t.productId, t.regionId).where(sql`${t.isDefault}`),
]);

/**
 * A journey's rows. Names are unique per journey (checked by the service on the whole journey, as
 * a save may swap two names, which a unique index would refuse row by row).
 */
export const journeyBrands = pgTable('journey_brands', {
  id: serial('id').primaryKey(),
  journeyId: integer('journey_id').notNull().references(() => journeys.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  order: integer('order').notNull(),
}, (t) => [
  index('journey_brands_journey_idx').on(t.journeyId, t.order),
]);

/** A journey's columns; `icon` is one of rules/journey JOURNEY_ICONS. */
export const journeyStages = pgTable('journey_stages', {
  id: serial('id').primaryKey(),
  journeyId: integer('journey_id').notNull().references(() => journeys.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  priority: integer('priority').notNull(),
  icon: text('icon').notNull().default('blank'),
}, (t) => [
  index('journey_stages_journey_idx').on(t.journeyId, t.priority),
]);

/**
 * Discussion cluster nodes of a client (spec 3 §3): written by the uploads issue, read by the
 * journey's cells and Grow's audiences.
 */
export const discussionClusterNodes = pgTable('discussion_cluster_nodes', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** When the node or its bubbles last changed (issue 30). */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('discussion_cluster_nodes_client_idx').on(t.clientId, t.name),
  uniqueIndex('discussion_cluster_nodes_name_key').on(t.clientId, sql`lower(btrim(${t.name}))`),
]);

/**
 * The clusters (word bubbles) of a node, one per row of its upload (issue 30): size 1-100,
 * Reachable People a share 0-100 (column C), in the file's order.
 */
export const discussionClusters = pgTable('discussion_clusters', {
  id: serial('id').primaryKey(),
  nodeId: integer('node_id').notNull().references(() => discussionClusterNodes.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  size: integer('size').notNull(),
  theme: text('theme').notNull().default(''),
  reach: doublePrecision('reach'),
  position: integer('position').notNull().default(0),
}, (t) => [
  index('discussion_clusters_node_idx').on(t.nodeId),
  check('discussion_clusters_size_check', sql`${t.size} BETWEEN 1 AND 100`),
  check('discussion_clusters_reach_check', sql`${t.reach} IS NULL OR (${t.reach} >= 0 AND ${t.reach} <= 100)`),
]);

/**
 * Surveys (spec 2 §3 survey responses; issue 30): questions and their answers, attached to a
 * client region (level 'region'), to a Grow audience ('audience') or to a journey's stage of one
 * of its brands ('stage'). An upload replaces a survey whole; its questions are kept as the file
 * gave them, in order.
 */
export const surveys = pgTable('surveys', {
  id: serial('id').primaryKey(),
  clientRegionId: integer('client_region_id').notNull().references(() => clientRegions.id, { onDelete: 'cascade' }),
  level: text('level').$type<'region' | 'audience' | 'stage'>().notNull(),
  name: text('name').notNull(),
  subMarketId: integer('sub_market_id').references(() => subMarkets.id, { onDelete: 'cascade' }),
  journeyBrandId: integer('journey_brand_id').references(() => journeyBrands.id, { onDelete: 'cascade' }),
  journeyStageId: integer('journey_stage_id').references(() => journeyStages.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<SurveyQuestion[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('surveys_client_region_idx').on(t.clientRegionId, t.level),
  index('surveys_sub_market_idx').on(t.subMarketId),
  index('surveys_stage_idx').on(t.journeyStageId),
  uniqueIndex('surveys_target_name_key').on(t.clientRegionId, t.level, sql`coalesce(${t.subMarketId}, 0)`, sql`coalesce(${t.journeyBrandId}, 0)`, sql`coalesce(${t.journeyStageId}, 0)`, sql`lower(btrim(${t.name}))`),
  check('surveys_level_check', sql`${t.level} IN ('region', 'audience', 'stage')`),
  check('surveys_target_check', sql`(${t.level} = 'region' AND ${t.subMarketId} IS NULL AND ${t.journeyStageId} IS NULL) OR (${t.level} = 'audience' AND ${t.subMarketId} IS NOT NULL) OR (${t.level} = 'stage' AND ${t.journeyStageId} IS NOT NULL AND ${t.journeyBrandId} IS NOT NULL)`),
]);

/** A journey's cells: one per brand and stage. Segment short ids are the context region's. */
export const journeySubMarkets = pgTable('journey_sub_markets', {
  id: serial('id').primaryKey(),
  journeyId: integer('journey_id').notNull().references(() => journeys.id, { onDelete: 'cascade' }),
  journeyBrandId: integer('journey_brand_id').notNull().references(() => journeyBrands.id, { onDelete: 'cascade' }),
  journeyStageId: integer('journey_stage_id').notNull().references(() => journeyStages.id, { onDelete: 'cascade' }),
  population: bigint('population', { mode: 'number' }).notNull().default(0),
  matchedId: integer('matched_id'),
  modeledId: integer('modeled_id'),
  discussionClusterNodeId: integer('discussion_cluster_node_id').references(() => discussionClusterNodes.id, { onDelete: 'set null' }),
  /** Market-level demographic figures, written by the Journeys uploader (issue 29; decision 020). */
  demographics: jsonb('demographics').$type<Figure[]>().notNull().default(sql`'[]'::jsonb`),
}, (t) => [
  index('journey_sub_markets_journey_idx').on(t.journeyId),
  uniqueIndex('journey_sub_markets_cell_key').on(t.journeyBrandId, t.journeyStageId),
  index('journey_sub_markets_stage_idx').on(t.journeyStageId),
]);

/**
 * Outcome timeframes (spec 3 §3, issue 18; decision 014): a chart's recorded or entered figures
 * for one calendar month, months one-based here. The current month is synthesised from the
 * chart (populations and counts) unless it has been recorded. Deleting a chart, a market or an
 * audience removes its figures from every timeframe (the cascades), as Grow's confirmations say.
 */
export const outcomeTimeframes = pgTable('outcome_timeframes', {
  id: serial('id').primaryKey(),
  mekkoId: integer('mekko_id').notNull().references(() => mekkos.id, { onDelete: 'cascade' }),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  year: integer('year').notNull(),
  /** 1 to 12. */
  month: integer('month').notNull(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  matched: bigint('matched', { mode: 'number' }).notNull().default(0),
  modeled: bigint('modeled', { mode: 'number' }).notNull().default(0),
  /** 'recorded' (by the record job, from the chart's counts) or 'entered' (typed, or a recorded month edited since). */
  source: text('source').notNull().default('entered'),
  recordedAt: timestamp('recorded_at', { withTimezone: true }),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('outcome_timeframes_month_key').on(t.mekkoId, t.year, t.month),
  check('outcome_timeframes_month_check', sql`${t.month} BETWEEN 1 AND 12`),
]);

export const marketOutcomes = pgTable('market_outcomes', {
  timeframeId: integer('timeframe_id').notNull().references(() => outcomeTimeframes.id, { onDelete: 'cascade' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  matched: bigint('matched', { mode: 'number' }).notNull().default(0),
  modeled: bigint('modeled', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.timeframeId, t.marketId] }), index('market_outcomes_market_idx').on(t.marketId)]);

export const submarketOutcomes = pgTable('submarket_outcomes', {
  timeframeId: integer('timeframe_id').notNull().references(() => outcomeTimeframes.id, { onDelete: 'cascade' }),
  subMarketId: integer('sub_market_id').notNull().references(() => subMarkets.id, { onDelete: 'cascade' }),
  marketId: integer('market_id').notNull().references(() => markets.id, { onDelete: 'cascade' }),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  matched: bigint('matched', { mode: 'number' }).notNull().default(0),
  modeled: bigint('modeled', { mode: 'number' }).notNull().default(0),
}, (t) => [primaryKey({ columns: [t.timeframeId, t.subMarketId] }), index('submarket_outcomes_sub_market_idx').on(t.subMarketId)]);

// ---- scenario planning (issue 31) -----------------------------------------------------------------

/** The generic curve library: one default curve per media type, for every client (decision 022). */
export const genericCurves = pgTable('generic_curves', {
  id: serial('id').primaryKey(),
  mediaType: text('media_type').notNull().unique(),
  curveTypeName: text('curve_type_name').notNull(),
  params: jsonb('params').$type<CurveParams>().notNull(),
});

/** A product's response curves in a region: one per media type, generic (a copy of the library's) or uploaded. */
export const curves = pgTable('curves', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  mediaType: text('media_type').notNull(),
  curveTypeName: text('curve_type_name').notNull(),
  isGeneric: boolean('is_generic').notNull().default(false),
  params: jsonb('params').$type<CurveParams>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('curves_product_media_key').on(t.clientId, t.regionId, t.productId, t.mediaType)]);

/**
 * A media plan imported from the planning system by Project ID (spec 2 §3 "Imported plan"):
 * submitted, then complete (with the plan) or failed (with why). The import job fills it.
 */
export const planImports = pgTable('plan_imports', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  projectId: text('project_id').notNull(),
  status: text('status').$type<'submitted' | 'complete' | 'failed'>().notNull().default('submitted'),
  message: text('message'),
  plan: jsonb('plan').$type<MediaPlanFile>(),
  jobId: text('job_id'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
}, (t) => [
  index('plan_imports_product_idx').on(t.clientId, t.regionId, t.productId, t.createdAt),
  check('plan_imports_status_check', sql`${t.status} IN ('submitted', 'complete', 'failed')`),
]);

/** A saved scenario of the planner (issue 31): a budget per media type per week, its bounds, versioned like a chart. */
export const scenarios = pgTable('scenarios', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull().references(() => clients.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  regionId: integer('region_id').notNull().references(() => regions.id, { onDelete: 'restrict' }),
  name: text('name').notNull(),
  budget: doublePrecision('budget').notNull(),
  startWeek: text('start_week'),
  flights: jsonb('flights').$type<ScenarioFlight[]>().notNull(),
  sourceImportId: integer('source_import_id').references(() => planImports.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('scenarios_scope_name_key').on(t.clientId, t.regionId, t.productId, sql`lower(btrim(${t.name}))`)]);
