import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheItem, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { safeReturnUrl } from '@shared/rules/return-url';
import { ERROR_CODES } from '@shared/schemas/error';
import type { SamlAcsBody } from '@shared/schemas/saml';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { KeyedSerial } from './address-lock';
import { openSession, type LoginResult } from './auth-service';
import * as repo from './saml-repository';
import type { SamlSettings } from './saml-settings';

/** SAML single sign-on as a service provider (decision 017), on @node-saml/node-saml. */

export const SAML_PATHS = {
  login: '/api/auth/saml/login',
  acs: '/api/auth/saml/acs',
  metadata: '/api/auth/saml/metadata',
} as const;

/** How long a sign-on may take at the identity provider: the AuthnRequest id and its RelayState live this long. */
export const SAML_PENDING_TTL_MS = 10 * 60_000;

/** The SAML bindings' limit on RelayState. */
export const RELAY_STATE_MAX_BYTES = 80;

const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';

type SamlConfig = Pick<Config, 'publicUrl' | 'sessionTtlHours' | 'databaseUrl'> & { saml: SamlSettings };

export const TOO_MANY_PENDING = 'Too many sign-ins were started from this address. Please wait a few minutes and try again.';

/** Sign-on starts from one address, counted one at a time (PGlite only: see startLogin). */
const startsByAddress = new KeyedSerial();

/** Our entity id and assertion consumer URL: configured, or on PUBLIC_URL (read per call: start-up may settle the port late). */
export function spEndpoints(config: Pick<Config, 'publicUrl'> & { saml: SamlSettings }) {
  return {
    issuer: config.saml.issuer ?? `${config.publicUrl}${SAML_PATHS.metadata}`,
    callbackUrl: config.saml.callbackUrl ?? `${config.publicUrl}${SAML_PATHS.acs}`,
  };
}

/**
 * node-saml's store of the AuthnRequest ids it sent, over the saml_requests table so every API
 * process knows every request. One per sign-on answer: `taken` records whether this answer's
 * delete of its request id was the one that found it (node-saml ignores what remove answers, and
 * reads before it removes, so two posts of one answer could both pass its own check).
 */
class RequestStore implements CacheProvider {
  taken: boolean | null = null;

  constructor(private readonly db: Db) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    const row = await repo.insertRequest(this.db, key, SAML_PENDING_TTL_MS);
    return row ? { value, createdAt: row.createdAt.getTime() } : null;
  }

  async getAsync(key: string): Promise<string | null> {
    // node-saml reads the value as the time the request was made.
    return (await repo.findRequest(this.db, key))?.toISOString() ?? null;
  }

  async removeAsync(key: string | null): Promise<string | null> {
    // Only the first remove of an answer counts: node-saml removes again when a later check fails.
    if (key === null || this.taken !== null) return null;
    this.taken = await repo.takeRequest(this.db, key);
    return this.taken ? key : null;
  }
}

function serviceProvider(config: SamlConfig, store: CacheProvider): SAML {
  const { issuer, callbackUrl } = spEndpoints(config);
  const s = config.saml;
  return new SAML({
    entryPoint: s.entryPoint,
    issuer,
    callbackUrl,
    audience: issuer,
    idpCert: s.idpCerts,
    ...(s.idpIssuer ? { idpIssuer: s.idpIssuer } : {}),
    // Either the Response or its Assertion must carry a valid signature by the IdP's key (node-saml
    // insists on one of them even with both of these off); identity providers differ in which they sign.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_PENDING_TTL_MS,
    acceptedClockSkewMs: s.clockSkewMs,
    cacheProvider: store,
    signatureAlgorithm: 'sha256',
    // The identity provider chooses how its users prove who they are (password, MFA...).
    disableRequestedAuthnContext: true,
  });
}

/**
 * Starts an SP-initiated sign-on: stores the checked return path under a new opaque RelayState
 * (single use, short-lived) and answers the identity provider URL to redirect to, carrying the
 * AuthnRequest (HTTP-Redirect binding, its id stored by the request store) and the RelayState.
 */
export async function startLogin(db: Db, config: SamlConfig, returnUrl: string | undefined, address: string): Promise<string> {
  const target = safeReturnUrl(returnUrl) ?? '/';
  // 32 random bytes, 43 characters: unguessable and within RELAY_STATE_MAX_BYTES.
  const relayState = randomBytes(32).toString('base64url');
  const countAndInsert = async (ex: Executor) => {
    const pending = await repo.countPendingRelayStates(ex, address);
    if (pending.n >= config.saml.pendingPerAddress) return pending.retryAfterSeconds;
    await repo.insertRelayState(ex, relayState, target, address, SAML_PENDING_TTL_MS);
    return null;
  };
  // Counted and inserted under the address's lock, so a parallel burst is counted one by one and
  // never passes the limit. On PGlite (one process) the lock is this process's queue per address,
  // not a transaction, which would hold PGlite's only connection from every other request.
  const refusedFor = config.databaseUrl === undefined
    ? await startsByAddress.run(address, () => countAndInsert(db))
    : await db.transaction(async (tx) => {
      await repo.lockRelayAddress(tx, address);
      return countAndInsert(tx);
    });
  // Refused before the AuthnRequest is made: nothing is written for it.
  if (refusedFor !== null) throw new AppError(429, ERROR_CODES.rateLimited, TOO_MANY_PENDING, { retryAfter: refusedFor });
  return serviceProvider(config, new RequestStore(db)).getAuthorizeUrlAsync(relayState, undefined, {});
}

export type SamlOutcome =
  | { kind: 'session'; session: LoginResult; returnUrl: string }
  | { kind: 'unknown'; reason: string }
  | { kind: 'failed'; reason: string };

const failed = (reason: string): SamlOutcome => ({ kind: 'failed', reason });

function parseXml(xml: string): Document | null {
  let broken = false;
  const doc = new DOMParser({ errorHandler: (level: string) => { if (level !== 'warning') broken = true; } }).parseFromString(xml, 'text/xml');
  return broken ? null : doc;
}

/**
 * node-saml checks signatures, InResponseTo, audience and times, but not where the answer was
 * meant to go: the verified assertion's bearer confirmations must name our ACS as Recipient, and a
 * Response that names a Destination must name it too.
 */
function wrongRecipient(profile: Profile, callbackUrl: string): string | null {
  const assertion = profile.getAssertionXml ? parseXml(profile.getAssertionXml()) : null;
  if (!assertion) return 'the verified assertion could not be read';
  const confirmations = Array.from(assertion.getElementsByTagNameNS(ASSERTION_NS, 'SubjectConfirmationData'));
  if (confirmations.length === 0) return 'the assertion has no SubjectConfirmationData';
  if (confirmations.some((c) => c.getAttribute('Recipient') !== callbackUrl)) return 'the assertion names another Recipient';
  const response = profile.getSamlResponseXml ? parseXml(profile.getSamlResponseXml()) : null;
  const destination = response?.documentElement?.getAttribute('Destination');
  if (destination && destination !== callbackUrl) return 'the response names another Destination';
  return null;
}

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];

/** The email addresses the verified assertion gives: its email attributes, and the NameID when it is one. */
function emailsOf(profile: Profile): string[] {
  const values = EMAIL_ATTRIBUTES.flatMap((name) => [profile[name]].flat());
  if (profile.nameID?.includes('@')) values.push(profile.nameID);
  return values.filter((v): v is string => typeof v === 'string' && v.includes('@') && v.length <= 320);
}

/**
 * The product user the IdP signed on: by email first (as a password login matches it), else the
 * one user whose okta_login or lion_login is the NameID. Two users by NameID is nobody: no guess.
 */
async function matchUser(db: Db, profile: Profile) {
  const emails = emailsOf(profile).map((e) => e.toLowerCase());
  const candidates = await repo.findSsoCandidates(db, emails, profile.nameID ?? '');
  const byEmail = candidates.find((u) => emails.includes(u.email.toLowerCase()));
  if (byEmail) return byEmail;
  // No email matched, so every candidate was found by its okta_login or lion_login.
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * Finishes a sign-on from the IdP's HTTP-POST answer: validated by node-saml (a signature by the
 * IdP's key over the response or the assertion; InResponseTo naming a request we sent and nobody
 * answered yet; audience; times within the clock skew), then the recipient, then the RelayState
 * (consumed once), then the user. Only then is a session opened, exactly as a password login does.
 */
export async function finishLogin(db: Db, config: SamlConfig, body: SamlAcsBody, requestId: string): Promise<SamlOutcome> {
  if (!body.SAMLResponse) return failed('no SAMLResponse was posted');
  const relayState = body.RelayState === '' ? undefined : body.RelayState;
  if (relayState !== undefined && Buffer.byteLength(relayState) > RELAY_STATE_MAX_BYTES) return failed('the RelayState is longer than 80 bytes');
  const store = new RequestStore(db);
  let profile: Profile | null;
  try {
    ({ profile } = await serviceProvider(config, store).validatePostResponseAsync({ SAMLResponse: body.SAMLResponse }));
  } catch (err) {
    return failed(`node-saml refused the response: ${(err as Error).message}`);
  }
  if (!profile) return failed('the response holds no assertion');
  if (store.taken !== true) return failed('the request this answers was already answered (a replay)');
  const recipient = wrongRecipient(profile, spEndpoints(config).callbackUrl);
  if (recipient) return failed(recipient);

  // A response to our request whose RelayState the IdP dropped lands on the home page.
  let returnUrl = '/';
  if (relayState !== undefined) {
    const stored = await repo.useRelayState(db, relayState);
    if (stored === null) return failed('the RelayState was never issued, was already used or has expired');
    returnUrl = safeReturnUrl(stored) ?? '/';
  }

  const user = await matchUser(db, profile);
  if (!user) return { kind: 'unknown', reason: 'no product user has this email or login' };
  if (!user.active) return { kind: 'unknown', reason: `user ${user.id} is deactivated` };
  const session = await openSession(db, config, user.id, { requestId, details: { method: 'sso' }, sso: true });
  return { kind: 'session', session, returnUrl };
}

/** The service provider's metadata: entity id and assertion consumer service (HTTP-POST). */
export function metadata(db: Db, config: SamlConfig): string {
  return serviceProvider(config, new RequestStore(db)).generateServiceProviderMetadata(null, null);
}

/** Where the browser goes after a logout: the IdP's logout page, returning to our login page. */
export function logoutUrl(config: Pick<Config, 'publicUrl' | 'saml'>): string | null {
  const to = config.saml?.logoutUrl;
  if (!to) return null;
  const url = new URL(to);
  url.searchParams.set('returnUrl', `${config.publicUrl}/login`);
  return url.toString();
}
