/**
 * Grow's query keys, on their own: the outbox handler registered at start needs them, and must
 * not load the query functions and schemas with them (the shell's budget, decision 006).
 */
export const growKeys = {
  list: (context: string) => ['grow', context, 'mekkos'] as const,
  chart: (context: string, id: number | string) => ['grow', context, 'mekko', String(id)] as const,
};

/** The outbox entity of every Grow edit: a chart with its markets and audiences (decision 007). */
export const MEKKO_ENTITY = 'mekko';
