import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/schemas/auth';
import { api } from './api-client';
import { flushCache } from './offline/persist';
import { queryClient } from './query-client';
import { identityProviderLogout, switchDataSource } from './session-actions';
import { sessionKeys } from './session-queries';

vi.mock('./api-client', () => ({ api: vi.fn(), apiFetch: vi.fn() }));
vi.mock('./offline/persist', async (original) => ({ ...(await original<object>()), flushCache: vi.fn(async () => undefined) }));

const user = { id: 2, first_name: 'Priya', last_name: 'Raman' } as SessionUser['user'];
const onMolecula: SessionUser = { user, parentUser: null, dataSource: 'molecula', dataSourceCount: 2 };

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('switching the data source (issue 13 item 12)', () => {
  it('puts the server\'s new session in the cache and saves it before the page reloads', async () => {
    queryClient.setQueryData(sessionKeys.self, onMolecula);
    vi.mocked(api).mockResolvedValue({ data: { ...onMolecula, dataSource: 'es' } });
    let atReload: { cached?: SessionUser; flushed: boolean } | null = null;
    vi.stubGlobal('window', {
      location: {
        reload: () => {
          atReload = { cached: queryClient.getQueryData<SessionUser>(sessionKeys.self), flushed: vi.mocked(flushCache).mock.calls.length > 0 };
        },
      },
    });
    await switchDataSource('es');
    expect(api).toHaveBeenCalledWith('/api/auth/data-source', expect.anything(), expect.objectContaining({ method: 'PUT', body: { source: 'es' } }));
    expect(atReload).toEqual({ cached: { ...onMolecula, dataSource: 'es' }, flushed: true });
  });
});

describe('logout after single sign-on (issue 26)', () => {
  const origin = 'http://127.0.0.1:8080';
  it("follows the identity provider's logout the server names in x-logout-url", () => {
    const headers = new Headers({ 'x-logout-url': 'http://127.0.0.1:7000/saml/logout?returnUrl=http%3A%2F%2F127.0.0.1%3A8080%2Flogin' });
    expect(identityProviderLogout(headers, origin)).toBe('http://127.0.0.1:7000/saml/logout?returnUrl=http%3A%2F%2F127.0.0.1%3A8080%2Flogin');
    expect(identityProviderLogout(new Headers({ 'x-logout-url': '/api/auth/saml/logout' }), origin)).toBe(`${origin}/api/auth/saml/logout`);
  });
  it('stays in the product without one, without an answer, or for anything but a web address', () => {
    expect(identityProviderLogout(new Headers(), origin)).toBeNull();
    expect(identityProviderLogout(undefined, origin)).toBeNull();
    expect(identityProviderLogout(new Headers({ 'x-logout-url': 'javascript:alert(1)' }), origin)).toBeNull();
  });
});
