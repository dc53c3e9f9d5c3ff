import { sessionUserSchema, type SessionUser } from '@shared/schemas/auth';
import { formatContext, parseContextHeader, type ContextSlugs } from '@shared/rules/context';

/** What the browser keeps in local storage (spec 1 §7); never the auth token. */
const KEYS = {
  csrf: 'csrfToken',
  currentUser: 'currentUser',
  parentUser: 'parentUser',
  lastContext: 'lastContext',
  offlineReadyAnnounced: 'offlineReadyAnnounced',
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the session cookie still works.
  }
}

export const storage = {
  csrfToken: () => read(KEYS.csrf),
  setCsrfToken: (token: string | null) => write(KEYS.csrf, token),
  setSession(session: SessionUser) {
    write(KEYS.currentUser, JSON.stringify(session.user));
    write(KEYS.parentUser, session.parentUser ? JSON.stringify(session.parentUser) : null);
  },
  cachedSession(): SessionUser | null {
    const user = read(KEYS.currentUser);
    if (!user) return null;
    try {
      const parsed = sessionUserSchema.safeParse({
        user: JSON.parse(user),
        parentUser: JSON.parse(read(KEYS.parentUser) ?? 'null'),
        dataSource: 'molecula',
        dataSourceCount: 1,
      });
      return parsed.success ? parsed.data : null;
    } catch {
      // Something else wrote that key: it is no session.
      return null;
    }
  },
  lastContext: (): ContextSlugs | null => parseContextHeader(read(KEYS.lastContext)),
  setLastContext: (ctx: ContextSlugs) => write(KEYS.lastContext, formatContext(ctx)),
  /** Whether this browser was told once that the app works offline (issue 27 item 20: once per install). */
  offlineReadyAnnounced: () => read(KEYS.offlineReadyAnnounced) !== null,
  setOfflineReadyAnnounced: () => write(KEYS.offlineReadyAnnounced, new Date().toISOString()),
  /** Forget the signed-in user; the remembered context stays for the next login. */
  clearSession() {
    write(KEYS.csrf, null);
    write(KEYS.currentUser, null);
    write(KEYS.parentUser, null);
  },
};
