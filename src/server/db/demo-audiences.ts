import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import type { ComparisonResult } from '@shared/schemas/audiences';
import type { Db } from './client';
import { audiences, clients, comparisons, motivationAudiences } from './schema';
import { DEMO_USERS } from './demo-tenant';
import { findUserByEmail } from '../modules/auth/auth-repository';
import * as repo from '../modules/audiences/audience-repository';
import { rulesOf, translateRule } from '../modules/audiences/audience-service';
import { MOTIVATION_JOB, type MotivationPayload } from '../modules/audiences/lookalike-request';
import { queueLookalike } from '../modules/audiences/lookalike-service';
import { insertSharedCopy } from '../modules/audiences/share-service';
import { setMotivationJob } from '../modules/audiences/motivation-repository';
import { insertMotivation } from '../modules/explore/explore-repository';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { clientRegionId } from '../modules/insights/insights-repository';
import { intersectionFigures } from '../modules/insights/insights-service';
import { segmentsNearShare } from '../modules/reports/reports-repository';

/**
 * The demo's Audiences (issue 16), as data: made on a fresh demo once acme/us has its audience
 * data, by the same jobs the API queues (so the lookalikes are modelled for real and the analyst's
 * bell says they are ready). Seeds name the demo's saved audiences (demo-tenant DEMO_AUDIENCES).
 */
export const DEMO_AUDIENCES_16 = {
  where: { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' },
  /**
   * A saved audience of the segment nearest 3 % of the region's people (big enough to model at
   * any demo size; the older demo audiences' rules may be a few dozen people), its lookalike, then
   * a lookalike of that one: a three-level breadcrumb.
   */
  seed: { name: 'Soda Lovers', share: 0.03 },
  lookalikes: [
    { name: 'Soda Lovers Lookalike', seed: 'Soda Lovers', reach: { kind: 'multiplier', value: 2 } },
    { name: 'Soda Lovers Lookalike, widened', seed: 'Soda Lovers Lookalike', reach: { kind: 'multiplier', value: 1.5 } },
  ],
  motivation: { name: 'Motivated Soda Lovers', description: 'Soda buyers who drink it for the lift, not the thirst.', rulesOf: 'Lapsed Soda Buyers' },
  comparison: { name: 'Soda, Lapsed and Sports', members: ['Soda Lovers', 'Lapsed Soda Buyers', 'Sports Fans 25-44'] },
  /** Shared by the admin (who sees both clients) into globex. */
  share: { audience: 'Sports Fans 25-44', to: { client: 'globex', region: 'us', brand: 'globex-auto', product: 'roadster' } },
} as const;

const ANALYST = DEMO_USERS.find((u) => u.role === 'Analyst')!.email;
const ADMIN = DEMO_USERS.find((u) => u.role === 'Admin')!.email;

async function byName(db: Db, scope: repo.AudienceScope, name: string) {
  const [row] = await db.select().from(audiences).where(and(eq(audiences.clientId, scope.clientId), eq(audiences.productId, scope.productId), eq(audiences.regionId, scope.regionId), eq(audiences.name, name)));
  return row ?? null;
}

/** Waits for a building audience to be ready (or failed); null past the wait. */
async function whenBuilt(db: Db, id: number, waitMs: number) {
  const until = Date.now() + waitMs;
  while (Date.now() < until) {
    const row = await repo.audienceById(db, id);
    if (!row || row.status === 'ready' || row.status === 'failed') return row;
    await new Promise((r) => setTimeout(r, 500));
  }
  return null;
}

/**
 * Makes what the demo lacks of DEMO_AUDIENCES_16 (running it again changes nothing): the
 * lookalikes (each after its seed is built), the motivation audience (its job), the saved
 * comparison (counted now) and the audience shared into globex. Answers what it made.
 */
export async function completeAudiencesDemo(app: FastifyInstance): Promise<string[]> {
  const db = app.database.db;
  const d = DEMO_AUDIENCES_16;
  const scope = await findProductScope(db, d.where);
  const analyst = await findUserByEmail(db, ANALYST);
  const admin = await findUserByEmail(db, ADMIN);
  if (!scope || !analyst || !admin) return [];
  const clientRegion = await clientRegionId(db, scope.clientId, scope.regionId);
  if (clientRegion === null) return [];
  const context = Object.values(d.where).join('/');
  const made: string[] = [];

  // The saved demo audiences are seeded uncounted: count each (its rule is the region's now) and say when.
  const counter = app.data.engineFor(clientRegion, 'molecula');
  if (typeof counter !== 'string') {
    const uncounted = await db.select().from(audiences).where(and(eq(audiences.clientId, scope.clientId), eq(audiences.productId, scope.productId), eq(audiences.regionId, scope.regionId), isNull(audiences.countedAt)));
    for (const row of uncounted) {
      const rules = row.status === 'ready' ? rulesOf(row) : null;
      if (rules) await repo.storeCount(db, row.id, await counter.count(clientRegion, rules));
    }
  }

  if (!(await byName(db, scope, d.seed.name))) {
    const [segment] = await segmentsNearShare(db, clientRegion, d.seed.share, 1);
    const engine = app.data.engineFor(clientRegion, 'molecula');
    if (segment && typeof engine !== 'string') {
      const rules: AudienceRules = { include: { and: [[segment.id]] }, exclude: [], values: [] };
      await repo.insertAudience(db, { ...scope, name: d.seed.name, description: `Everyone in ${segment.pathParts.join(' > ')}.`, rules, peopleCount: await engine.count(clientRegion, rules), createdBy: analyst.id });
      made.push(d.seed.name);
    }
  }

  for (const l of d.lookalikes) {
    const existing = await byName(db, scope, l.name);
    if (existing) {
      if (existing.status !== 'ready') await whenBuilt(db, existing.id, 10 * 60_000);
      continue;
    }
    const seedRow = await byName(db, scope, l.seed);
    const seed = seedRow ? rulesOf(seedRow) : null;
    if (!seedRow || !seed || seedRow.status !== 'ready') continue;
    const { row } = await db.transaction((tx) => queueLookalike(tx, app.jobs, {
      scope, clientRegionId: clientRegion, context, name: l.name, seed, seedRow, reach: l.reach, optimized: false, userId: analyst.id, dataSource: 'molecula',
    }));
    made.push(l.name);
    await whenBuilt(db, row.id, 10 * 60_000);
  }

  const m = d.motivation;
  const [hasMotivation] = await db.select({ id: motivationAudiences.id }).from(motivationAudiences).where(and(eq(motivationAudiences.productId, scope.productId), eq(motivationAudiences.regionId, scope.regionId), eq(motivationAudiences.name, m.name)));
  const motivationRules = rulesOf((await byName(db, scope, m.rulesOf)) ?? { rules: null });
  if (!hasMotivation && motivationRules) {
    await db.transaction(async (tx) => {
      const row = await insertMotivation(tx, scope, { name: m.name, description: m.description, rules: motivationRules }, analyst.id);
      const payload: MotivationPayload = { motivationId: row.id, clientRegionId: clientRegion, context };
      await setMotivationJob(tx, row.id, await app.jobs.send(MOTIVATION_JOB, payload, { userId: analyst.id, clientId: scope.clientId, context }, { tx }));
    });
    made.push(m.name);
  }

  const c = d.comparison;
  const [hasComparison] = await db.select({ id: comparisons.id }).from(comparisons).where(and(eq(comparisons.productId, scope.productId), eq(comparisons.regionId, scope.regionId), eq(comparisons.name, c.name)));
  const members = await Promise.all(c.members.map((name) => byName(db, scope, name)));
  const engine = app.data.engineFor(clientRegion, 'molecula');
  if (!hasComparison && members.every((r) => r && rulesOf(r)) && typeof engine !== 'string') {
    const rows = members.map((r) => r!);
    const answer = await engine.intersections(clientRegion, rows.map((r) => rulesOf(r)!));
    const { pairs, regions } = intersectionFigures(answer);
    const result: ComparisonResult = {
      counted_at: new Date().toISOString(),
      people: answer.people,
      members: rows.map((r, i) => ({ kind: 'audience', id: r.id, name: r.name, count: answer.sizes[i]! })),
      pairs,
      regions,
    };
    await db.insert(comparisons).values({ ...scope, name: c.name, members: rows.map((r) => ({ kind: 'audience' as const, id: r.id })), result, createdBy: analyst.id });
    made.push(c.name);
  }

  const s = d.share;
  const target = await findProductScope(db, s.to);
  const source = await byName(db, scope, s.audience);
  const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, d.where.client));
  if (target && source && acme && !(await byName(db, target, s.audience))) {
    const targetRegion = await clientRegionId(db, target.clientId, target.regionId);
    const rules = rulesOf(source);
    let translated: AudienceRules | null = null;
    if (rules && targetRegion !== null) translated = await translateRule(db, rules, clientRegion, targetRegion);
    const targetEngine = targetRegion === null ? 'none' : app.data.engineFor(targetRegion, 'molecula');
    const people = translated && targetRegion !== null && typeof targetEngine !== 'string' ? await targetEngine.count(targetRegion, translated) : null;
    await insertSharedCopy(db, source, { target, rules: translated, peopleCount: people, fromClientId: acme.id, userId: admin.id });
    made.push(`${s.audience} (shared with ${s.to.client})`);
  }
  return made;
}
