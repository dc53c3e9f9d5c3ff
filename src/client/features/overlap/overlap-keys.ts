/**
 * The Overlap page's query keys and outbox entity, on their own: the outbox handler registered
 * at start needs them, and must not load the queries and schemas with them (decision 006).
 */
export const overlapKeys = {
  comparisons: (context: string) => ['overlap', context, 'comparisons'] as const,
  comparison: (context: string, id: number | string) => ['overlap', context, 'comparison', String(id)] as const,
  audiences: (context: string) => ['overlap', context, 'audiences'] as const,
  audience: (context: string, id: number) => ['overlap', context, 'audience', String(id)] as const,
  personas: (context: string) => ['overlap', context, 'personas'] as const,
};

export const COMPARISON_ENTITY = 'comparison';
