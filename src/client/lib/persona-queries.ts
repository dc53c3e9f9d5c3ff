import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { personaResponseSchema, type Persona } from '@shared/schemas/explore';
import { api } from './api-client';
import { entityStore, readThrough } from './offline/read-through';

/**
 * One persona with the names of what it names (GET /api/personas/{id}), for Explore and the
 * builder's edit (a feature never imports another). Written through to the device (the personas
 * table), so a persona opened once shows and can be edited offline.
 */
export const personaQueryOptions = (context: string, id: number | string) =>
  queryOptions({
    // Explore's key (features/explore/explore-keys.ts): one cache entry, which the outbox's persona
    // handler keeps up to date with pending edits.
    queryKey: ['explore', context, 'persona', String(id)] as const,
    queryFn: ({ queryKey, signal }): Promise<Persona> =>
      readThrough(
        queryKey,
        async () => (await api(`/api/personas/${id}`, personaResponseSchema, { context: parseContextHeader(context), signal })).data,
        entityStore<Persona>('personas', context, String(id)),
      ),
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });
