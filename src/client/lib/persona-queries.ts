import { queryOptions } from '@tanstack/react-query';
import { parseContextHeader } from '@shared/rules/context';
import { personaListResponseSchema, personaResponseSchema, type Persona, type PersonaSummary } from '@shared/schemas/explore';
import { api } from './api-client';
import { entityListStore, entityStore, readThrough } from './offline/read-through';

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

/**
 * The product's personas (GET /api/personas): Explore's dropdown, and the builder's name check
 * (a name already used is refused before the builder closes, issue 27). Written through to the device.
 */
export const personasQueryOptions = (context: string) =>
  queryOptions({
    // Explore's key (features/explore/explore-keys.ts), kept up to date by the persona handler.
    queryKey: ['explore', context, 'personas'] as const,
    queryFn: ({ queryKey }): Promise<PersonaSummary[]> =>
      readThrough(
        queryKey,
        async () => (await api('/api/personas', personaListResponseSchema, { context: parseContextHeader(context) })).data,
        entityListStore<PersonaSummary>('personas', `${context}#list`),
      ),
    staleTime: 5 * 60_000,
  });
