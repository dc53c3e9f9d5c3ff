/**
 * The Journey pages' query keys and outbox entity, on their own: the outbox handler registered at
 * start needs them, and must not load the queries and schemas with them (decision 006).
 */
export const journeyKeys = {
  all: (context: string) => ['journey', context] as const,
  list: (context: string) => ['journey', context, 'list'] as const,
  journey: (context: string, id: number | string) => ['journey', context, 'journey', String(id)] as const,
  /** Without a tab: every tab's counts of the journey (to invalidate them together). */
  counts: (context: string, id: number | string, tab?: string) =>
    (tab === undefined ? ['journey', context, 'counts', String(id)] : ['journey', context, 'counts', String(id), tab]) as readonly string[],
};

/** The outbox entity of every journey write: the whole journey, saved as one (decision 013). */
export const JOURNEY_ENTITY = 'journey';
