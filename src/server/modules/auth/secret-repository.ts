import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { secrets } from '../../db/schema';

/** Returns the named secret, creating it on first use; concurrent first uses agree on one. */
export async function getOrCreateSecret(db: Executor, name: string): Promise<string> {
  await db.insert(secrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select().from(secrets).where(eq(secrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be created`);
  return row.value;
}
