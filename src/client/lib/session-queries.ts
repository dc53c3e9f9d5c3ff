import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { HEADERS } from '@shared/constants';
import { authorizeResponseSchema, impersonableUsersResponseSchema, providersResponseSchema, selfResponseSchema, type SessionUser } from '@shared/schemas/auth';
import type { PermissionSet } from '@shared/permissions';
import { hierarchyResponseSchema, type Hierarchy } from '@shared/schemas/hierarchy';
import { api, apiFetch } from './api-client';
import { readThrough, sessionStore } from './offline/read-through';
import { adoptServerSession } from './session-adopt';
import { storage } from './storage';

export const sessionKeys = {
  self: ['auth', 'self'] as const,
  permissions: ['auth', 'permissions'] as const,
  providers: ['auth', 'providers'] as const,
  impersonable: ['auth', 'impersonable-users'] as const,
  hierarchy: ['clients', 'hierarchy'] as const,
};

/**
 * self.json from the server: the session user, taken on as this page's (with the CSRF token that
 * comes with it) when no login on this page made it so, as after single sign-on.
 */
export async function fetchSelf(queryClient: QueryClient): Promise<SessionUser> {
  const { data, headers } = await apiFetch('/api/auth/self.json', selfResponseSchema, { context: null });
  // A page that is being reloaded as the new user: nothing of the old one may render meanwhile.
  if (!(await adoptServerSession(queryClient, data.data, headers.get(HEADERS.csrf)))) return new Promise<never>(() => undefined);
  return data.data;
}

/** The signed-in user; the auth guard handles its 401 itself (it knows the returnUrl). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.self,
    queryFn: async ({ queryKey, client }) => {
      const session = await readThrough(queryKey, () => fetchSelf(client), sessionStore<SessionUser>('self'));
      storage.setSession(session);
      return session;
    },
    staleTime: 5 * 60_000,
    meta: { handlesErrors: true },
  });

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.permissions,
    queryFn: ({ queryKey }): Promise<PermissionSet> =>
      readThrough(
        queryKey,
        async () => (await api('/api/auth/authorize', authorizeResponseSchema, { context: null })).data.permissions,
        sessionStore<PermissionSet>('permissions'),
      ),
    staleTime: 5 * 60_000,
  });

export const hierarchyQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.hierarchy,
    queryFn: ({ queryKey }): Promise<Hierarchy> =>
      readThrough(
        queryKey,
        async () => (await api('/api/clients/hierarchy', hierarchyResponseSchema, { context: null })).data,
        sessionStore<Hierarchy>('hierarchy'),
      ),
    staleTime: 5 * 60_000,
  });

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.providers,
    queryFn: async () => (await api('/api/auth/providers', providersResponseSchema, { context: null })).data,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });

export const impersonableUsersQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.impersonable,
    queryFn: async () => (await api('/api/auth/impersonable-users', impersonableUsersResponseSchema, { context: null })).data,
  });
