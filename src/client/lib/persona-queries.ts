import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { personaResponseSchema, type Persona } from '@shared/schemas/explore';
import { api } from './api-client';

/**
 * One persona with the names of what it names (GET /api/personas/{id}), for the builder's edit
 * (Explore and the builder both read it, and a feature never imports another). Persisted per
 * context, so a persona opened once can be edited offline.
 */
export const personaQueryOptions = (context: string, id: number) =>
  queryOptions({
    // Explore's key for the same persona (features/explore/explore-keys.ts): one cache entry, which the
    // outbox's persona handler keeps up to date with pending edits.
    queryKey: ['explore', context, 'persona', String(id)] as const,
    queryFn: async ({ signal }): Promise<Persona> => (await api(`/api/personas/${id}`, personaResponseSchema, { context: parseContextHeader(context), signal })).data,
    staleTime: 60_000,
    meta: { handlesErrors: true },
  });
