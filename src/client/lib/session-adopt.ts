import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { claimDevice } from './offline/device-session';
import { startOutbox } from './offline/outbox-client';
import { storage } from './storage';

/**
 * A session can arrive with no login call on this page: single sign-on ends with the server
 * setting the cookie and redirecting here, so the page only learns of it from self.json. That
 * answer carries the CSRF token in a header; without keeping it every write would be refused.
 * The device becomes this user's (as a password login makes it) so their edits queue and go out.
 *
 * When the browser still remembered someone else (their login lapsed and another signed on),
 * whatever this page restored at start is theirs: the page starts again as the new user, whose
 * device data is all that remains.
 *
 * @returns false when the page is reloading (nothing more should happen on it)
 */
// Whom this page made the device's owner without a remembered session (storage may be unavailable:
// each later ping must not claim the device, and restore its cache, all over again).
let adoptedUserId: number | null = null;

export async function adoptServerSession(queryClient: QueryClient, session: SessionUser, csrfToken: string | null): Promise<boolean> {
  if (csrfToken) storage.setCsrfToken(csrfToken);
  const remembered = storage.cachedSession();
  if (remembered?.user.id === session.user.id || adoptedUserId === session.user.id) return true;
  storage.setSession(session);
  adoptedUserId = session.user.id;
  await claimDevice(queryClient, session.user.id, storage.csrfToken()).catch(() => undefined);
  if (remembered) {
    queryClient.clear();
    window.location.reload();
    return false;
  }
  startOutbox(queryClient);
  return true;
}
