import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { hasFeature } from '@shared/rules/access';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { ERROR_CODES } from '@shared/schemas/error';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import { clientRegionId } from '../insights/insights-repository';
import { contextClientRegion, timed } from '../insights/insights-service';
import * as repo from './audience-repository';
import { audienceAudit, listedInScope, rulesOf, translateRule, type AudiencesScope } from './audience-service';

/** The user's other clients (with the audiences feature), their regions and products: where an audience may be shared. */
export async function shareTargets(scope: AudiencesScope) {
  const tree = await hierarchyFor(scope.db as Db, scope.auth);
  return tree
    .filter((c) => c.id !== scope.ctx.clientId && c.active && hasFeature(c.feature_flags, 'audiences'))
    .map((c) => ({
      id: c.id,
      name: c.name,
      regions: c.regions.map((r) => ({ id: r.id, name: r.name, products: r.brands.flatMap((b) => b.products.map((p) => ({ id: p.id, name: p.name, brand: b.name }))) })),
    }));
}

/** A shared audience prepared before its transaction: the target and the rule translated into its region. */
export interface PreparedShare {
  source: repo.AudienceRow;
  target: { clientId: number; clientName: string; regionId: number; productId: number };
  rules: AudienceRules | null;
  peopleCount: number | null;
}

/**
 * Checks a share: the audience is the scope's and ready; the target is another of the caller's
 * clients (403 AUDIENCES_TEXT.notYourClient otherwise, another tenant included), with that region
 * and product. The rule is translated by segment identifier into the target region (null where the
 * region lacks a segment, or for a stored set: people ids are a client region's own), and counted
 * there when its data is ready.
 */
export async function prepareShare(scope: AudiencesScope, id: number, body: { client_id: number; region_id: number; product_id: number }): Promise<PreparedShare> {
  const source = (await listedInScope(scope, id)).audience;
  if (source.status !== 'ready') throw new AppError(409, ERROR_CODES.conflict, `'${source.name}' is still being built: share it once it is ready.`);
  const targets = await shareTargets(scope);
  const client = targets.find((c) => c.id === body.client_id);
  if (!client) throw new AppError(403, ERROR_CODES.forbidden, AUDIENCES_TEXT.notYourClient);
  const region = client.regions.find((r) => r.id === body.region_id);
  const product = region?.products.find((p) => p.id === body.product_id);
  if (!region || !product) {
    const message = `${client.name} has no such ${region ? 'product' : 'region'} to share into.`;
    throw new AppError(422, ERROR_CODES.validation, message, [{ path: region ? 'body.product_id' : 'body.region_id', message }]);
  }
  const rules = rulesOf(source);
  let translated: PreparedShare['rules'] = null;
  let peopleCount: number | null = null;
  const targetRegion = await clientRegionId(scope.db, client.id, region.id);
  if (rules && targetRegion !== null) {
    translated = await translateRule(scope.db, rules, await contextClientRegion(scope), targetRegion);
    const engine = translated ? scope.data.engineFor(targetRegion, scope.auth.dataSource) : 'no rule';
    if (translated && typeof engine !== 'string') {
      const rule = translated;
      peopleCount = await timed({ db: scope.db as Db, data: scope.data, auth: scope.auth, ctx: scope.ctx }, () => engine.count(targetRegion, rule)).catch(() => null);
    }
  }
  return { source, target: { clientId: client.id, clientName: client.name, regionId: region.id, productId: product.id }, rules: translated, peopleCount };
}

/**
 * Writes the copy of `source` shared into a target product: read-only there, naming its source and
 * the client it came from (the share route's, and the demo's).
 */
export function insertSharedCopy(db: Executor, source: repo.AudienceRow, copy: {
  target: { clientId: number; productId: number; regionId: number };
  rules: AudienceRules | null;
  peopleCount: number | null;
  fromClientId: number;
  userId: number;
}) {
  return repo.insertDerived(db, {
    ...copy.target,
    name: source.name,
    description: source.description,
    type: source.type,
    audienceType: source.audienceType,
    rules: copy.rules,
    peopleCount: copy.peopleCount,
    countedAt: copy.peopleCount === null ? null : new Date(),
    sourceIdentifier: source.identifier,
    sharedFromClientId: copy.fromClientId,
    createdBy: copy.userId,
  });
}

/** Writes the shared copy in the target client: read-only there, naming its source. */
export async function shareAudience(scope: AudiencesScope, p: PreparedShare) {
  const row = await insertSharedCopy(scope.db, p.source, {
    target: { clientId: p.target.clientId, productId: p.target.productId, regionId: p.target.regionId },
    rules: p.rules,
    peopleCount: p.peopleCount,
    fromClientId: scope.ctx.clientId,
    userId: scope.auth.user.id,
  });
  await audienceAudit(scope, 'audience.share', p.source.id, { to_client: p.target.clientId, copy: row.id, translated: p.rules !== null });
  return { id: row.id, client: p.target.clientName, message: AUDIENCES_TEXT.shared(p.target.clientName) };
}
