import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Executor } from './client';
import { activations, audiences, clients, destinations, rolePermissions, roles } from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { DEMO_ACTIVATIONS, DEMO_AUDIENCE_RULES, DEMO_DESTINATIONS } from './demo-tenant';
import { clientRegionIdOf, segmentPicker } from './seed-grow';

const DAY_MS = 86_400_000;
const daysFrom = (days: number) => new Date(Date.now() + days * DAY_MS);
const OPEN_ENDED = new Date('1970-01-01T00:00:00.000Z');

/**
 * The demo's activations (issue 14): acme's and globex's destinations, a rule on each activatable
 * demo audience of acme/us/fizz-original, and one activation per state. Writes only what is
 * missing: running it again changes nothing. Answers whether it wrote anything.
 */
export async function seedActivationsDemo(tx: Executor): Promise<boolean> {
  let wrote = false;
  for (const d of DEMO_DESTINATIONS) {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, d.client));
    if (!client) continue;
    const rows = await tx.insert(destinations).values({ clientId: client.id, name: d.name, platform: d.platform, directory: d.directory }).onConflictDoNothing().returning({ id: destinations.id });
    wrote ||= rows.length > 0;
  }

  const scope = await findProductScope(tx, { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' });
  const clientRegionId = await clientRegionIdOf(tx, 'acme', 'us');
  if (!scope || clientRegionId === null) return wrote;
  const pick = segmentPicker('acme', clientRegionId);
  for (const [name, rule] of Object.entries(DEMO_AUDIENCE_RULES)) {
    const rules = { include: { and: rule.and.map((group) => group.map((leaf) => pick('matched', leaf))) }, exclude: rule.exclude.map((leaf) => pick('matched', leaf)) };
    const set = await tx.update(audiences).set({ rules }).where(and(eq(audiences.productId, scope.productId), eq(audiences.regionId, scope.regionId), eq(audiences.name, name), isNull(audiences.rules))).returning({ id: audiences.id });
    wrote ||= set.length > 0;
  }

  const [any] = await tx.select({ id: activations.id }).from(activations).where(eq(activations.productId, scope.productId)).limit(1);
  if (any) return wrote;
  const named = await tx.select({ id: audiences.id, name: audiences.name }).from(audiences).where(and(eq(audiences.productId, scope.productId), eq(audiences.regionId, scope.regionId)));
  const places = await tx.select({ id: destinations.id, name: destinations.name }).from(destinations).where(eq(destinations.clientId, scope.clientId));
  const rows = DEMO_ACTIVATIONS.flatMap((a, i) => {
    const audience = named.find((n) => n.name === a.audience);
    const destination = places.find((p) => p.name === a.destination);
    if (!audience || !destination) return [];
    return [{
      ...scope,
      audienceId: audience.id,
      destinationId: destination.id,
      state: a.state,
      sentDate: a.sentDaysAgo === undefined ? null : daysFrom(-a.sentDaysAgo),
      lastRefresh: a.refreshedDaysAgo === undefined ? null : daysFrom(-a.refreshedDaysAgo),
      endDate: a.endInDays === undefined ? OPEN_ENDED : new Date(`${daysFrom(a.endInDays).toISOString().slice(0, 10)}T00:00:00.000Z`),
      error: a.error ?? null,
      // Last changed first on the page: in the order listed.
      updatedAt: new Date(Date.now() - i * 60_000),
    }];
  });
  if (rows.length) await tx.insert(activations).values(rows);
  return wrote || rows.length > 0;
}

/** For a database seeded before activations existed: the Analyst role may activate, and the demo's activations are written. */
export async function seedActivationsDemoIfMissing(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await seedActivationsDemo(tx))) return false;
    // Only on the start that brings activations: a grant an admin takes away later stays away.
    const [analyst] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Analyst'));
    if (analyst) {
      await tx.update(rolePermissions).set({ canCreate: true, canRead: true, canUpdate: true })
        .where(and(eq(rolePermissions.roleId, analyst.id), inArray(rolePermissions.resource, ['ams_activation'])));
    }
    return true;
  });
}
