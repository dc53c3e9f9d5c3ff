import { eq } from 'drizzle-orm';
import { CATEGORY_ORDER } from '@shared/constants';
import type { Executor } from './client';
import { DEMO_CLIENTS } from './demo-tenant';
import { clients, toolboxCategories } from './schema';

/** Where a new demo unit goes unless told: every demo client has this category. */
const DEFAULT_CATEGORY = 'toolbox';

const rank = (name: string) => {
  const at = (CATEGORY_ORDER as readonly string[]).indexOf(name);
  return at < 0 ? CATEGORY_ORDER.length : at;
};

/**
 * The demo clients' toolbox categories: the ones their demo units name, and 'toolbox', in the
 * navigation's category order. Migration 0013 made categories of the units a database held; a
 * fresh database gets its units from the seed, after the migrations, so they get theirs here.
 * Running it again changes nothing (a category of that name is kept as it is).
 */
export async function seedToolboxCategories(tx: Executor) {
  for (const c of DEMO_CLIENTS) {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.slug, c.slug));
    if (!client) continue;
    const names = [...new Set([...c.toolbox.map((u) => u.category), DEFAULT_CATEGORY])].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    await tx
      .insert(toolboxCategories)
      .values(names.map((name, priority) => ({ clientId: client.id, name, priority })))
      .onConflictDoNothing();
  }
}
