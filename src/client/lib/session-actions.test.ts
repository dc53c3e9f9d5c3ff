import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/schemas/auth';
import { api } from './api-client';
import { flushCache } from './offline/persist';
import { queryClient } from './query-client';
import { switchDataSource } from './session-actions';
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
