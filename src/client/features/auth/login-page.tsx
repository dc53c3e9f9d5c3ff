import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'radix-ui';
import { EXTERNAL_PAGES } from '@shared/rules/navigation';
import { APP_VERSION } from '../../lib/build-info';
import { hierarchyQueryOptions, providersQueryOptions, sessionQueryOptions } from '../../lib/session-queries';
import { storage } from '../../lib/storage';
import { PasswordForm } from './password-form';
import { SsoButton } from './sso-button';

export interface LoginSearch {
  returnUrl?: string;
  llUsername?: string;
  passwordReset?: boolean;
  /** Set by the invitation page once the invited user chose a password (issue 19). */
  passwordSet?: boolean;
  tab?: 'current' | 'request';
  /** How a single sign-on came back without a session (the server's redirect, issue 26). */
  sso?: 'failed' | 'unknown';
}

type LoginTab = NonNullable<LoginSearch['tab']>;

const SSO_TEXT = {
  failed: 'Single sign-on did not complete, so you are not signed in. Please try again, or sign in with your email and password.',
  unknown: 'Your identity provider signed you in, but this product has no account for that email address. Request access below.',
} as const;

/**
 * Spec 1 §2.3: the Request Access tab opens by itself when the user has logged in but has no
 * client (asked for with ?tab=request, or found out here: signed in with an empty hierarchy).
 */
function useRequestAccessWanted(asked: boolean): boolean {
  // Only someone this browser remembers may still be signed in: no 401 ping for a stranger.
  const session = useQuery({ ...sessionQueryOptions(), enabled: !asked && storage.cachedSession() !== null });
  const hierarchy = useQuery({ ...hierarchyQueryOptions(), enabled: !asked && session.data !== undefined });
  return asked || hierarchy.data?.length === 0;
}

/** The login screen (spec 1 §2.3). */
export function LoginPage({ search }: { search: LoginSearch }) {
  const sso = useQuery(providersQueryOptions()).data?.sso ?? null;
  const requestAccess = useRequestAccessWanted(search.tab === 'request' || search.sso === 'unknown');
  const [tab, setTab] = useState<LoginTab>(requestAccess ? 'request' : (search.tab ?? 'current'));
  // The page stays mounted across /login -> /login?tab=request (after a login): follow the change.
  const [seenRequestAccess, setSeenRequestAccess] = useState(requestAccess);
  if (requestAccess !== seenRequestAccess) {
    setSeenRequestAccess(requestAccess);
    if (requestAccess) setTab('request');
  }
  return (
    <main className="login" id="main">
      <section className="login__card" aria-labelledby="login-title">
        <h1 id="login-title" className="login__title">Audience Insights</h1>
        <Tabs.Root value={tab} onValueChange={(v) => setTab(v === 'request' ? 'request' : 'current')}>
          <Tabs.List className="tabs__list" aria-label="Login options">
            <Tabs.Trigger className="tabs__trigger" value="current">Current Users</Tabs.Trigger>
            <Tabs.Trigger className="tabs__trigger" value="request">Request Access</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content className="tabs__content" value="current">
            {search.passwordReset ? <p role="status">Your password has been reset. Please log in.</p> : null}
            {search.passwordSet ? <p role="status">Your password is set. Please log in.</p> : null}
            {search.sso === 'failed' ? <p className="form-error login__alert" role="alert">{SSO_TEXT.failed}</p> : null}
            {sso ? (
              <>
                <SsoButton loginUrl={sso.loginUrl} returnUrl={search.returnUrl} />
                {/* The two ways in are alternatives, not steps: said in words, and drawn as a divider. */}
                <p className="login__or">or</p>
              </>
            ) : null}
            <PasswordForm returnUrl={search.returnUrl} initialEmail={search.llUsername} secondary={sso !== null} />
          </Tabs.Content>
          <Tabs.Content className="tabs__content" value="request">
            {search.sso === 'unknown' ? <p className="login__notice" role="status">{SSO_TEXT.unknown}</p> : null}
            <p>Access requests go through our ticketing service. You will need your login ID.</p>
            <a className="button button--primary" href={EXTERNAL_PAGES.requestAccess} target="_blank" rel="noopener noreferrer">
              Request Access
            </a>
          </Tabs.Content>
        </Tabs.Root>
        <footer className="login__footer">
          <span>© {new Date().getFullYear()} Audience Insights. All rights reserved.</span>
          <span>Version {APP_VERSION}</span>
          <a href="/privacy-policy" target="_blank" rel="noopener">Privacy Policy</a>
        </footer>
      </section>
    </main>
  );
}
