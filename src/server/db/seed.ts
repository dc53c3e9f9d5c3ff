import { and, eq, inArray, sql } from 'drizzle-orm';
import { hash } from '@node-rs/argon2';
import { esIndexName, moleculaIndexName } from '@shared/rules/clients';
import type { Db, Executor } from './client';
import {
  audiences,
  brands,
  clientRegions,
  clients,
  productRegions,
  products,
  regions,
  rolePermissions,
  roles,
  toolboxUnits,
  userHierarchyPermissions,
  userRoles,
  users,
} from './schema';
import { findProductScope } from '../modules/hierarchy/hierarchy-repository';
import { DEMO_AUDIENCES, DEMO_CLIENTS, DEMO_INVITED_USERS, DEMO_REGIONS, DEMO_ROLES, DEMO_USERS } from './demo-tenant';
import { UNSET_PASSWORD_HASH } from '../modules/auth/invitation-service';
import { seedGrowDemo, seedGrowDemoIfEmpty } from './seed-grow';
import { seedActivationsDemo, seedActivationsDemoIfMissing } from './seed-activations';
import { seedExploreDemo, seedExploreDemoIfEmpty } from './seed-explore';
import { seedToolboxCategories } from './seed-toolbox';
import { seedBrandsDemo } from './demo-brands';

async function idBy<T extends { id: number }>(rows: Promise<T[]>): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error('seed: a row it just wrote is missing');
  return row.id;
}

async function seedHierarchy(tx: Executor) {
  await tx.insert(regions).values([...DEMO_REGIONS]).onConflictDoNothing();
  const regionRows = await tx.select().from(regions).where(inArray(regions.slug, DEMO_REGIONS.map((r) => r.slug)));
  const regionId = (slug: string) => {
    const r = regionRows.find((x) => x.slug === slug);
    if (!r) throw new Error(`seed: region ${slug} missing`);
    return r.id;
  };

  for (const c of DEMO_CLIENTS) {
    await tx
      .insert(clients)
      .values({ slug: c.slug, name: c.name, featureFlags: c.featureFlags, conversantCompanyId: c.conversantCompanyId, lite: c.lite ?? false })
      .onConflictDoNothing();
    const clientId = await idBy(tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, c.slug)));
    for (const r of c.regions) {
      await tx
        .insert(clientRegions)
        .values({
          clientId,
          regionId: regionId(r.slug),
          currency: r.currency,
          isDefault: r.isDefault ?? false,
          moleculaIndex: moleculaIndexName(c.slug, r.slug),
          esIndex: esIndexName(c.slug, r.slug),
        })
        .onConflictDoNothing();
    }
    for (const b of c.brands) {
      await tx.insert(brands).values({ clientId, slug: b.slug, name: b.name, category: b.category, conversantCompanyId: c.conversantCompanyId }).onConflictDoNothing();
      const brandId = await idBy(tx.select({ id: brands.id }).from(brands).where(and(eq(brands.clientId, clientId), eq(brands.slug, b.slug))));
      for (const p of b.products) {
        await tx.insert(products).values({ brandId, slug: p.slug, name: p.name }).onConflictDoNothing();
        const productId = await idBy(tx.select({ id: products.id }).from(products).where(and(eq(products.brandId, brandId), eq(products.slug, p.slug))));
        for (const r of p.regions) {
          await tx.insert(productRegions).values({ productId, regionId: regionId(r) }).onConflictDoNothing();
        }
      }
    }
    for (const u of c.toolbox) {
      await tx
        .insert(toolboxUnits)
        .values({ clientId, name: u.name, iframed: u.iframed, url: u.url, regionIds: u.regionIds, featureModuleCategory: u.category })
        .onConflictDoNothing();
    }
  }
}

/**
 * The default roles and the demo users. A role is written only when no role has its name
 * (roles are data: a restart never overwrites an administrator's edits); a user only when
 * missing. Invited users get no password (UNSET_PASSWORD_HASH): they cannot log in until they
 * set one through an invitation link.
 */
async function seedRolesAndUsers(tx: Executor, password: string) {
  for (const role of DEMO_ROLES) {
    const [existing] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role.name));
    if (existing) continue;
    const roleId = await idBy(
      tx.insert(roles).values({ name: role.name, description: role.description, isAdmin: role.isAdmin, builtIn: true }).returning({ id: roles.id }),
    );
    await tx.insert(rolePermissions).values(
      role.grants.map((g) => ({ roleId, resource: g.resource, canCreate: !!g.create, canRead: !!g.read, canUpdate: !!g.update, canDestroy: !!g.destroy })),
    );
  }
  const emails = [...DEMO_USERS, ...DEMO_INVITED_USERS].map((u) => u.email);
  const present = new Set((await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((u) => u.email));
  const missing = DEMO_USERS.filter((u) => !present.has(u.email));
  const passwordHash = missing.length > 0 ? await hash(password) : UNSET_PASSWORD_HASH;
  const userIdOf = (email: string) => idBy(tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`));
  const grant = async (userId: number, role: string, slugs: readonly string[]) => {
    const roleId = await idBy(tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role)));
    await tx.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
    for (const slug of slugs) await tx.insert(userHierarchyPermissions).values({ userId, slug }).onConflictDoNothing();
  };
  for (const u of missing) {
    await tx
      .insert(users)
      .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, passwordHash, loginUserId: u.loginUserId })
      .onConflictDoNothing();
    await grant(await userIdOf(u.email), u.role, u.slugs);
  }
  for (const u of DEMO_INVITED_USERS.filter((x) => !present.has(x.email))) {
    const invitedBy = await userIdOf(u.invitedBy);
    await tx
      .insert(users)
      .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, passwordHash: UNSET_PASSWORD_HASH, invitedBy })
      .onConflictDoNothing();
    await grant(await userIdOf(u.email), u.role, u.slugs);
  }
}

/** Whether every demo user (invited ones too) is there. */
async function demoUsersPresent(db: Executor): Promise<boolean> {
  const emails = [...DEMO_USERS, ...DEMO_INVITED_USERS].map((u) => u.email);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(inArray(users.email, emails));
  return Number(row?.n) === emails.length;
}

async function seedAudiences(tx: Executor) {
  const scope = await findProductScope(tx, { client: 'acme', region: 'us', brand: 'fizz-cola', product: 'fizz-original' });
  if (!scope) throw new Error('seed: acme/us/fizz-cola/fizz-original missing');
  const existing = await tx.select({ name: audiences.name }).from(audiences).where(eq(audiences.productId, scope.productId));
  const have = new Set(existing.map((a) => a.name));
  const [globex] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'globex'));
  // No people count until the region's data is ready: the overview and the demo's completion count them then (live).
  const rows = DEMO_AUDIENCES.filter((a) => !have.has(a.name)).map((a) => ({
    ...scope,
    name: a.name,
    type: a.type,
    audienceType: a.audienceType,
    peopleCount: null,
    sourceIdentifier: 'sourceIdentifier' in a ? a.sourceIdentifier : null,
    sharedFromClientId: 'sharedFrom' in a && a.sharedFrom === 'globex' ? (globex?.id ?? null) : null,
    createdAt: new Date(Date.now() - a.daysAgo * 86_400_000),
  }));
  if (rows.length) await tx.insert(audiences).values(rows);
}

/** Writes the demo tenant; running it again changes nothing. Returns whether anything was missing. */
export async function seedDemo(db: Db, password: string): Promise<boolean> {
  const [acme] = await db.select({ id: clients.id }).from(clients).where(eq(clients.slug, 'acme'));
  // A database seeded before Grow, activations or Explore existed still gets their demo rows.
  if (acme) {
    // And one seeded before the Client Admin and the invited user gets them (and only the missing roles).
    const people = !(await demoUsersPresent(db));
    if (people) await db.transaction((tx) => seedRolesAndUsers(tx, password));
    const charts = await seedGrowDemoIfEmpty(db);
    const activations = await seedActivationsDemoIfMissing(db);
    const personas = await seedExploreDemoIfEmpty(db);
    return people || charts || activations || personas;
  }
  await db.transaction(async (tx) => {
    await seedHierarchy(tx);
    await seedToolboxCategories(tx);
    await seedRolesAndUsers(tx, password);
    await seedAudiences(tx);
    await seedGrowDemo(tx);
    await seedActivationsDemo(tx);
    await seedExploreDemo(tx);
    await seedBrandsDemo(tx);
  });
  return true;
}
