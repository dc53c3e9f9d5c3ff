import {
  CLIENT_MESSAGES,
  DEFAULT_LANGUAGE,
  esIndexName,
  issueFields,
  moleculaIndexName,
  normalizeClient,
  usesText,
  validateClient,
  validateRegion,
  type ClientDraft,
  type ClientIssue,
} from '@shared/rules/clients';
import type { AdminClient, AdminRegion, ClientWrite, DashboardClient, RegionCreateBody, RegionUpdateBody, RegionUse } from '@shared/schemas/clients';
import { ERROR_CODES, versionConflictMessage } from '@shared/schemas/error';
import type { Executor } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import type { DataManager } from '../../engine/data-manager';
import { AppError } from '../../lib/errors';
import type { RequestAuth } from '../../types';
import { auditWrite } from '../audit/audit-repository';
import { isPermitted } from '../hierarchy/hierarchy-service';
import * as repo from './clients-repository';

/** A write's transaction and caller. */
export interface WriteScope {
  tx: Executor;
  auth: RequestAuth;
  requestId: string;
}

// ---- views -------------------------------------------------------------------------------

type ClientRegionJoin = Awaited<ReturnType<typeof repo.clientRegionsOf>>[number];

function toClientView(row: repo.ClientRow, regions: readonly ClientRegionJoin[]): AdminClient {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    conversant_company_id: row.conversantCompanyId,
    language: row.language,
    feature_flags: row.featureFlags,
    active: row.active,
    version: row.version,
    regions: regions
      .filter((r) => r.clientRegion.clientId === row.id)
      .map(({ clientRegion, region }) => ({
        id: clientRegion.id,
        region_id: region.id,
        slug: region.slug,
        name: region.name,
        currency: clientRegion.currency,
        is_default: clientRegion.isDefault,
        market_level_only: clientRegion.marketLevelOnly,
      })),
  };
}

const toRegionView = ({ region, clientCount }: { region: repo.RegionRow; clientCount: number }): AdminRegion => ({
  id: region.id,
  name: region.name,
  slug: region.slug,
  client_count: Number(clientCount),
});

/** The clients the caller's hierarchy grants reach (a global admin's '*': all). */
async function visibleClients(db: Executor, auth: RequestAuth): Promise<repo.ClientRow[]> {
  return (await repo.listClients(db)).filter((c) => isPermitted(auth.hierarchySlugs, c.slug));
}

async function clientViews(db: Executor, rows: readonly repo.ClientRow[]): Promise<AdminClient[]> {
  const regions = await repo.clientRegionsOf(db, rows.map((c) => c.id));
  return rows.map((row) => toClientView(row, regions));
}

export async function listClients(db: Executor, auth: RequestAuth): Promise<AdminClient[]> {
  return clientViews(db, await visibleClients(db, auth));
}

const clientNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no client ${id}.`, { gone: { kind: 'client', id } });

/** A client the caller may see; another one is not found (never 403 with its name). */
async function findVisibleClient(db: Executor, auth: RequestAuth, id: number): Promise<repo.ClientRow> {
  const row = await repo.findClient(db, id);
  if (!row || !isPermitted(auth.hierarchySlugs, row.slug)) throw clientNotFound(id);
  return row;
}

const invalid = (issues: readonly ClientIssue[]) =>
  new AppError(422, ERROR_CODES.validation, issues[0]?.message ?? 'The client is not valid.', { fields: issueFields(issues) });

const audit = (scope: WriteScope, action: string, target: string, details: Record<string, unknown>) =>
  auditWrite({ db: scope.tx, auth: scope.auth, requestId: scope.requestId }, action, target, details);

// ---- client writes -----------------------------------------------------------------------

/** The sent client normalized and checked against the regions and other clients' slugs. */
async function checkedDraft(tx: Executor, sent: ClientWrite, exceptId?: number): Promise<ClientDraft & { active: boolean }> {
  const draft = normalizeClient({
    name: sent.name,
    slug: sent.slug,
    conversant_company_id: sent.conversant_company_id,
    language: sent.language ?? DEFAULT_LANGUAGE,
    feature_flags: sent.feature_flags ?? {},
    regions: sent.regions.map((r) => ({ region_id: r.region_id, currency: r.currency, is_default: r.is_default, market_level_only: r.market_level_only ?? false })),
  });
  const regions = new Map((await repo.listRegions(tx)).map(({ region }) => [region.id, region.name]));
  const otherSlugs = (await repo.clientSlugTaken(tx, draft.slug, exceptId)) ? [draft.slug] : [];
  const issues = validateClient(draft, { regions, otherSlugs });
  if (issues.length > 0) throw invalid(issues);
  return { ...draft, active: sent.active ?? true };
}

const valuesOf = (draft: ClientDraft & { active: boolean }): repo.ClientValues => ({
  name: draft.name,
  slug: draft.slug,
  conversantCompanyId: draft.conversant_company_id,
  language: draft.language,
  featureFlags: draft.feature_flags,
  active: draft.active,
});

/** A slug taken by a concurrent write gets the message the check above gives. */
async function slugChecked<T>(slug: string, message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw invalid([{ field: 'slug', message }]);
    throw err;
  }
}

async function readClient(tx: Executor, row: repo.ClientRow): Promise<AdminClient> {
  const [view] = await clientViews(tx, [row]);
  return view!;
}

export async function createClient(scope: WriteScope, sent: ClientWrite): Promise<AdminClient> {
  const draft = await checkedDraft(scope.tx, sent);
  const row = await slugChecked(draft.slug, CLIENT_MESSAGES.clientSlugTaken(draft.slug), () => repo.insertClient(scope.tx, valuesOf(draft)));
  const regionSlugs = new Map((await repo.listRegions(scope.tx)).map(({ region }) => [region.id, region.slug]));
  await repo.insertClientRegions(scope.tx, row.id, draft.regions.map((r) => {
    const regionSlug = regionSlugs.get(r.region_id)!;
    return {
      regionId: r.region_id,
      currency: r.currency,
      isDefault: r.is_default,
      marketLevelOnly: r.market_level_only,
      moleculaIndex: moleculaIndexName(row.slug, regionSlug),
      esIndex: esIndexName(row.slug, regionSlug),
    };
  }));
  const view = await readClient(scope.tx, row);
  await audit(scope, 'client.create', `client:${row.id}`, { slug: row.slug, name: row.name, regions: view.regions.map((r) => r.slug), version: row.version });
  return view;
}

async function staleClient(tx: Executor, current: repo.ClientRow): Promise<AppError> {
  return new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('client'), { current: await readClient(tx, current) });
}

/**
 * Update, based on `version`. Regions the client no longer lists are removed, refused (409
 * IN_USE with what uses them) while the client has products or work there.
 */
export async function updateClient(scope: WriteScope, id: number, sent: ClientWrite, version: number): Promise<AdminClient> {
  const { tx } = scope;
  const current = await findVisibleClient(tx, scope.auth, id);
  if (current.version !== version) throw await staleClient(tx, current);
  const draft = await checkedDraft(tx, sent, id);
  const before = await repo.clientRegionsOf(tx, [id]);
  const kept = new Map(draft.regions.map((r) => [r.region_id, r]));
  const removed = before.filter((r) => !kept.has(r.region.id));

  const uses = await repo.regionUses(tx, id, removed.map((r) => r.region.id));
  if (uses.length > 0) {
    const regionOf = new Map(removed.map((r) => [r.region.id, r.region]));
    const firstRegion = regionOf.get(uses[0]!.regionId)!.name;
    const views: RegionUse[] = uses.map(({ regionId, ...u }) => ({ ...u, region: regionOf.get(regionId)!.slug }));
    throw new AppError(409, ERROR_CODES.inUse, CLIENT_MESSAGES.regionInUse(firstRegion, current.name, usesText(uses.filter((u) => u.regionId === uses[0]!.regionId))), { uses: views });
  }

  const row = await slugChecked(draft.slug, CLIENT_MESSAGES.clientSlugTaken(draft.slug), () => repo.updateClient(tx, id, version, valuesOf(draft)));
  // Changed by a write that committed after the read above.
  if (!row) throw await staleClient(tx, (await repo.findClient(tx, id)) ?? current);

  await repo.deleteClientRegions(tx, removed.map((r) => r.clientRegion.id));
  const had = new Map(before.map((r) => [r.region.id, r]));
  for (const r of draft.regions) {
    const existing = had.get(r.region_id);
    if (existing) await repo.updateClientRegion(tx, existing.clientRegion.id, { currency: r.currency, isDefault: r.is_default, marketLevelOnly: r.market_level_only });
  }
  const regionSlugs = new Map((await repo.listRegions(tx)).map(({ region }) => [region.id, region.slug]));
  await repo.insertClientRegions(tx, id, draft.regions.filter((r) => !had.has(r.region_id)).map((r) => ({
    regionId: r.region_id,
    currency: r.currency,
    isDefault: r.is_default,
    marketLevelOnly: r.market_level_only,
    // The index names are where the region's data lives: a renamed client keeps its old ones, a new region gets the current slug's.
    moleculaIndex: moleculaIndexName(row.slug, regionSlugs.get(r.region_id)!),
    esIndex: esIndexName(row.slug, regionSlugs.get(r.region_id)!),
  })));
  if (current.slug !== row.slug) await repo.renameGrants(tx, current.slug, row.slug);

  const view = await readClient(tx, row);
  await audit(scope, 'client.update', `client:${row.id}`, {
    slug: row.slug,
    name: row.name,
    ...(current.slug !== row.slug ? { renamed_from: current.slug } : {}),
    regions_removed: removed.map((r) => r.region.slug),
    regions: view.regions.map((r) => r.slug),
    version: row.version,
  });
  return view;
}

// ---- regions -----------------------------------------------------------------------------

export async function listRegions(db: Executor): Promise<AdminRegion[]> {
  return (await repo.listRegions(db)).map(toRegionView);
}

const regionNotFound = (id: number) =>
  new AppError(404, ERROR_CODES.notFound, `There is no region ${id}.`, { gone: { kind: 'region', id } });

async function checkedRegion(tx: Executor, sent: { name: string; slug: string }, exceptId?: number) {
  const draft = { name: sent.name.trim(), slug: sent.slug.trim() };
  const others = (await repo.listRegions(tx)).filter(({ region }) => region.id !== exceptId).map(({ region }) => region);
  const issues = validateRegion(draft, others);
  if (issues.length > 0) throw invalid(issues);
  return draft;
}

export async function createRegion(scope: WriteScope, body: RegionCreateBody): Promise<AdminRegion> {
  const draft = await checkedRegion(scope.tx, body.region);
  const row = await slugChecked(draft.slug, CLIENT_MESSAGES.regionSlugTaken(draft.slug), () => repo.insertRegion(scope.tx, draft));
  await audit(scope, 'region.create', `region:${row.id}`, { slug: row.slug, name: row.name });
  return toRegionView({ region: row, clientCount: 0 });
}

/** Update, based on the name and slug the edit saw (`base`); a region that changed since is 409. */
export async function updateRegion(scope: WriteScope, id: number, body: RegionUpdateBody): Promise<AdminRegion> {
  const { tx } = scope;
  const current = await repo.findRegion(tx, id);
  if (!current) throw regionNotFound(id);
  const stale = () => new AppError(409, ERROR_CODES.versionConflict, versionConflictMessage('region'), { current: toRegionView(current) });
  if (current.region.name !== body.base.name.trim() || current.region.slug !== body.base.slug.trim()) throw stale();
  const draft = await checkedRegion(tx, body.region, id);
  const row = await slugChecked(draft.slug, CLIENT_MESSAGES.regionSlugTaken(draft.slug), () => repo.updateRegion(tx, id, current.region, draft));
  if (!row) throw stale();
  if (current.region.slug !== row.slug) await repo.renameRegionGrants(tx, current.region.slug, row.slug);
  await audit(scope, 'region.update', `region:${row.id}`, { slug: row.slug, name: row.name, ...(current.region.slug !== row.slug ? { renamed_from: current.region.slug } : {}) });
  return toRegionView({ region: row, clientCount: current.clientCount });
}

// ---- dashboard ---------------------------------------------------------------------------

/**
 * Per visible client: users, brands, products, charts, journeys, audiences, last activity, and
 * each region's data readiness from the count engine (a client region it holds no data for: 'none').
 */
export async function dashboard(db: Executor, data: DataManager, auth: RequestAuth): Promise<DashboardClient[]> {
  const rows = await visibleClients(db, auth);
  const ids = rows.map((c) => c.id);
  const [regions, figures, activity] = await Promise.all([repo.clientRegionsOf(db, ids), repo.clientFigures(db, ids), repo.lastActivity(db, ids)]);
  const statuses = new Map(data.statuses().map((s) => [`${s.client}/${s.region}`, s]));
  const figure = (map: Map<number, number> | undefined, id: number) => map?.get(id) ?? 0;
  return rows.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: c.name,
    active: c.active,
    users: figure(figures?.users, c.id),
    brands: figure(figures?.brands, c.id),
    products: figure(figures?.products, c.id),
    charts: figure(figures?.charts, c.id),
    journeys: figure(figures?.journeys, c.id),
    audiences: figure(figures?.audiences, c.id),
    last_activity: activity.get(c.id)?.toISOString() ?? null,
    regions: regions
      .filter((r) => r.clientRegion.clientId === c.id)
      .map(({ clientRegion, region }) => {
        // The engine knows client regions by their slugs and ids as they were at start: one it does not know by this id has no data.
        const known = data.clientRegionOf(c.id, region.id) === clientRegion.id;
        const status = known ? statuses.get(`${c.slug}/${region.slug}`) : undefined;
        return {
          region_id: region.id,
          slug: region.slug,
          name: region.name,
          state: status?.state ?? 'none',
          progress: status?.progress ?? 0,
          people: status?.people ?? 0,
        };
      }),
  }));
}
