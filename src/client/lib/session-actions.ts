import { HEADERS, TIMING } from '@shared/constants';
import {
  dataSourceBodySchema, loginResponseSchema, okResponseSchema, selfResponseSchema, type DataSource, type LoginBody, type SessionUser,
} from '@shared/schemas/auth';
import { api, apiFetch } from './api-client';
import { claimDevice, wipeDevice } from './offline/device-session';
import { flushCache } from './offline/persist';
import { sessionStore } from './offline/read-through';
import { startOutbox } from './offline/outbox-client';
import { isApiError } from './api-error';
import { appNavigate } from './app-navigate';
import { queryClient } from './query-client';
import { fetchSelf, permissionsQueryOptions, sessionKeys } from './session-queries';
import { storage } from './storage';

/** Password login: keeps the CSRF token, caches the user and fetches the permissions. */
export async function login(body: LoginBody): Promise<SessionUser> {
  const { data, headers } = await apiFetch('/api/auth/login', loginResponseSchema, { method: 'POST', body, context: null });
  storage.setCsrfToken(headers.get('x-csrf-token'));
  storage.setSession(data.data);
  // Another user's data goes before anything of this one is cached.
  await claimDevice(queryClient, data.data.user.id, headers.get('x-csrf-token'));
  startOutbox(queryClient);
  queryClient.setQueryData(sessionKeys.self, data.data);
  await queryClient.fetchQuery(permissionsQueryOptions());
  return data.data;
}

/**
 * The login lapsed: forget the session and return to login (unless already there). The device's
 * data and queued edits stay for the same user's next login.
 */
export function endSessionLocally(): void {
  storage.clearSession();
  queryClient.clear();
  if (!window.location.pathname.startsWith('/login')) appNavigate('/login');
}

/**
 * Where the browser goes after a logout of a session that came from single sign-on: the server
 * names the identity provider's logout in a header (its answer is 'OK' either way). Only a web
 * address is followed.
 */
export function identityProviderLogout(headers: Headers | undefined, origin: string): string | null {
  const to = headers?.get(HEADERS.logoutUrl);
  if (!to) return null;
  try {
    const url = new URL(to, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Logout: the redirect happens 200 ms after the action (spec 1 §4), counted from the click, or
 * when the server has answered if that takes longer (so a quick login afterwards cannot have its
 * new cookie cleared by the old logout's answer). If the server cannot be reached, the local
 * session ends all the same and the server's expires on its own. Every cached byte of the user
 * goes with it (the user menu has asked first when edits were still unsent).
 */
export async function logout(): Promise<void> {
  const told = apiFetch('/api/auth/logout', okResponseSchema, { method: 'POST', context: null }).catch(() => undefined);
  const [answer] = await Promise.all([told, new Promise((resolve) => setTimeout(resolve, TIMING.logoutRedirectMs)), wipeDevice()]);
  const idpLogout = identityProviderLogout(answer?.headers, window.location.origin);
  if (idpLogout === null) {
    endSessionLocally();
    return;
  }
  // Signed on through an identity provider: its logout ends that session too (spec 1 §7), and
  // it sends the browser back to the product on its own, so a full navigation, not a route.
  storage.clearSession();
  queryClient.clear();
  window.location.assign(idpLogout);
}

/**
 * The lapsed-login ping (spec 1 §7, §8): a 401 from self.json means the login lapsed. A network
 * failure does not: offline, the user keeps working on what is cached.
 */
export async function pingSession(): Promise<void> {
  try {
    queryClient.setQueryData(sessionKeys.self, await fetchSelf(queryClient));
  } catch (error) {
    if (isApiError(error) && error.status === 401) endSessionLocally();
  }
}

/** Starting or stopping "View as" changes who we are: reload from the default page. */
export async function impersonate(userId: number | null): Promise<void> {
  const session = userId === null
    ? await api('/api/auth/impersonate', loginResponseSchema, { method: 'DELETE', context: null })
    : await api('/api/auth/impersonate', loginResponseSchema, { method: 'POST', body: { user_id: userId }, context: null });
  storage.setSession(session.data);
  // Another user now: neither the device's data nor this page's cache is theirs. The page's cache
  // goes before the device is claimed, which persists it for the new user: else the reload could
  // restore the previous user's session and context, and show their name on the new one's page.
  queryClient.clear();
  await claimDevice(queryClient, session.data.user.id, storage.csrfToken());
  queryClient.setQueryData(sessionKeys.self, session.data);
  await Promise.all([sessionStore<SessionUser>('self').save(session.data), flushCache()]).catch(() => undefined);
  window.location.assign('/home');
}

/**
 * The data source toggle reloads the page (spec 1 §4). The server's answer is the session with
 * the new source: it replaces the cached session, on the device too, before the reload, or the
 * reloaded page would start from the saved copy and show the old source until the next
 * navigation (issue 13 item 12).
 */
export async function switchDataSource(source: DataSource): Promise<void> {
  const session = (await api('/api/auth/data-source', selfResponseSchema, { method: 'PUT', body: dataSourceBodySchema.parse({ source }), context: null })).data;
  queryClient.setQueryData(sessionKeys.self, session);
  storage.setSession(session);
  await Promise.all([sessionStore<SessionUser>('self').save(session), flushCache()]).catch(() => undefined);
  window.location.reload();
}
