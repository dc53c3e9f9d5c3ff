import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  resourcesResponseSchema, roleResponseSchema, rolesResponseSchema, type RoleCreateBody, type RoleUpdateBody,
} from '@shared/schemas/roles';
import {
  invitationResponseSchema, userCreatedResponseSchema, userResponseSchema, usersResponseSchema, type UserCreateBody, type UserUpdateBody,
} from '@shared/schemas/users';
import { api } from '../../lib/api-client';

// Roles, users and hierarchy permissions are global: no X-Context. Admin writes are online-only
// (not the outbox): a failed write is shown in its form, which keeps its values.

export const accessKeys = {
  all: ['admin-access'] as const,
  resources: ['admin-access', 'resources'] as const,
  roles: ['admin-access', 'roles'] as const,
  users: ['admin-access', 'users'] as const,
  invitation: (token: string) => ['admin-access', 'invitation', token] as const,
};

const global = { context: null } as const;

export const resourcesQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.resources,
    queryFn: async () => (await api('/api/resources', resourcesResponseSchema, global)).data,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.roles,
    queryFn: async () => (await api('/api/roles', rolesResponseSchema, global)).data,
    meta: { handlesErrors: true },
  });

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: accessKeys.users,
    queryFn: async () => (await api('/api/users', usersResponseSchema, global)).data,
    meta: { handlesErrors: true },
  });

export const createRole = async (body: RoleCreateBody) => (await api('/api/roles', roleResponseSchema, { ...global, method: 'POST', body })).data;
export const updateRole = async (id: number, body: RoleUpdateBody) => (await api(`/api/roles/${id}`, roleResponseSchema, { ...global, method: 'PUT', body })).data;

/** DELETE answers 204 without a body. */
export const deleteRole = (id: number) => api(`/api/roles/${id}`, z.unknown(), { ...global, method: 'DELETE' });

export const createUser = (body: UserCreateBody) => api('/api/users', userCreatedResponseSchema, { ...global, method: 'POST', body });
/** A new one-time link for a user who has not set a password; older links stop working. */
export const reinviteUser = (id: number) => api(`/api/users/${id}/invitation`, userCreatedResponseSchema, { ...global, method: 'POST' });
export const updateUser = async (id: number, body: UserUpdateBody) => (await api(`/api/users/${id}`, userResponseSchema, { ...global, method: 'PUT', body })).data;

/** The invitation behind a link (public): who it is for, until when. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: accessKeys.invitation(token),
    queryFn: async () => (await api(`/api/auth/invitations/${encodeURIComponent(token)}`, invitationResponseSchema, global)).data,
    retry: false,
    staleTime: Infinity,
    meta: { handlesErrors: true },
  });

export const acceptInvitation = (token: string, password: string) =>
  api(`/api/auth/invitations/${encodeURIComponent(token)}`, z.unknown(), { ...global, method: 'POST', body: { password } });
