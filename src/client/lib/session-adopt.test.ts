import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { claimDevice } from './offline/device-session';
import { startOutbox } from './offline/outbox-client';
import { storage } from './storage';

vi.mock('./offline/device-session', () => ({ claimDevice: vi.fn(async () => undefined) }));
vi.mock('./offline/outbox-client', () => ({ startOutbox: vi.fn() }));

const session = (id: number, first_name: string): SessionUser => ({
  user: { id, first_name, last_name: 'X', email: `${first_name}@acme.test`, loginUserId: null, lion_login: null, okta_login: null, roles: [], role_ids: [] },
  parentUser: null,
  dataSource: 'molecula',
  dataSourceCount: 1,
});
const priya = session(2, 'Priya');
const sam = session(3, 'Sam');

/** localStorage as the browser has it (the unit tests run in node, which has none). */
function fakeLocalStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
  return items;
}

// A fresh module each test: it remembers whom it adopted.
async function adopt() {
  return (await import('./session-adopt')).adoptServerSession;
}

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.resetModules();
  vi.mocked(claimDevice).mockClear();
  vi.mocked(startOutbox).mockClear();
  reload = vi.fn();
  vi.stubGlobal('window', { location: { reload } });
});
afterEach(() => vi.unstubAllGlobals());

describe('a session that arrives by cookie alone (single sign-on, issue 26)', () => {
  it('keeps the CSRF token self.json hands back, remembers the user, claims the device and starts the outbox', async () => {
    const items = fakeLocalStorage();
    const client = new QueryClient();
    expect(await (await adopt())(client, priya, 'csrf-1')).toBe(true);
    expect(items.get('csrfToken')).toBe('csrf-1');
    expect(storage.cachedSession()?.user.id).toBe(2);
    expect(claimDevice).toHaveBeenCalledWith(client, 2, 'csrf-1');
    expect(startOutbox).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does nothing more for the user the page already has (a password login, a later ping)', async () => {
    fakeLocalStorage();
    storage.setSession(priya);
    const adoptServerSession = await adopt();
    expect(await adoptServerSession(new QueryClient(), priya, 'csrf-2')).toBe(true);
    expect(storage.csrfToken()).toBe('csrf-2');
    expect(claimDevice).not.toHaveBeenCalled();
    expect(startOutbox).not.toHaveBeenCalled();
  });

  it('claims the device once even where nothing can be remembered (storage unavailable)', async () => {
    vi.stubGlobal('localStorage', undefined);
    const adoptServerSession = await adopt();
    await adoptServerSession(new QueryClient(), priya, 'csrf-1');
    await adoptServerSession(new QueryClient(), priya, 'csrf-1');
    expect(claimDevice).toHaveBeenCalledTimes(1);
  });

  it('starts the page again as the new user when the browser remembered someone else', async () => {
    fakeLocalStorage();
    storage.setSession(sam);
    const client = new QueryClient();
    client.setQueryData(['clients', 'hierarchy'], ['sam-only']);
    expect(await (await adopt())(client, priya, 'csrf-3')).toBe(false);
    expect(storage.cachedSession()?.user.id).toBe(2);
    expect(claimDevice).toHaveBeenCalledWith(client, 2, 'csrf-3');
    expect(client.getQueryData(['clients', 'hierarchy'])).toBeUndefined();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
