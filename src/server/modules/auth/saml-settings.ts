import fs from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';

/** SAML single sign-on settings (decision 017); the product is a service provider of one identity provider. */
export interface SamlSettings {
  /** The identity provider's SSO URL (HTTP-Redirect binding). */
  entryPoint: string;
  /** PEM certificates whose keys may sign responses (more than one while the IdP rotates keys). */
  idpCerts: string[];
  /** Our entity id; unset: `<PUBLIC_URL>/api/auth/saml/metadata`. */
  issuer: string | undefined;
  /** Where the IdP posts its Response; unset: `<PUBLIC_URL>/api/auth/saml/acs`. */
  callbackUrl: string | undefined;
  /** The identity provider's logout page; a logout sends the browser there with a returnUrl. */
  logoutUrl: string | undefined;
  /** How far the IdP's clock may be from ours when NotBefore / NotOnOrAfter are checked. */
  clockSkewMs: number;
  /** The Issuer every response must name: the metadata's entityID (unchecked without metadata). */
  idpIssuer: string | undefined;
  /**
   * How many sign-ons one client address may have started and not finished (unexpired, unused
   * relay states): each start writes two rows without a session, so a flood must not grow them.
   */
  pendingPerAddress: number;
}

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** A certificate as PEM, from PEM or from the bare base64 of metadata. */
export function toPem(cert: string): string {
  const trimmed = cert.trim();
  if (trimmed.startsWith('-----BEGIN')) return `${trimmed}\n`;
  const body = trimmed.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body)) throw new Error('the certificate is neither PEM nor base64');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
}

/**
 * The SSO URL (HTTP-Redirect) and signing certificates of an identity provider's metadata. Read
 * from a file the operator names, never fetched: what signs our logins is not taken off the network.
 */
export function idpFromMetadata(xml: string): { entityId: string | undefined; entryPoint: string | undefined; certs: string[] } {
  const errors: string[] = [];
  const doc = new DOMParser({ errorHandler: (level: string, message: unknown) => { if (level !== 'warning') errors.push(String(message)); } })
    .parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc.documentElement) throw new Error(`SAML_IDP_METADATA is not well-formed XML: ${errors[0] ?? 'empty'}`);
  const descriptors = Array.from(doc.getElementsByTagNameNS(MD, 'IDPSSODescriptor'));
  if (descriptors.length !== 1) throw new Error(`SAML_IDP_METADATA must describe one identity provider (IDPSSODescriptor), found ${descriptors.length}`);
  const idp = descriptors[0]!;
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((e) => e.getAttribute('Binding') === REDIRECT);
  const certs = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    // A key without a use is for both signing and encryption.
    .filter((k) => !k.getAttribute('use') || k.getAttribute('use') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => toPem(c.textContent ?? ''));
  const entity = idp.parentNode as Element | null;
  const entityId = entity?.localName === 'EntityDescriptor' ? entity.getAttribute('entityID') || undefined : undefined;
  return { entityId, entryPoint: sso?.getAttribute('Location') ?? undefined, certs };
}

/** SAML_IDP_CERT: PEM text, or the path of a PEM file. */
function readCert(value: string): string {
  if (value.trim().startsWith('-----BEGIN')) return toPem(value);
  try {
    return toPem(fs.readFileSync(value, 'utf8'));
  } catch (err) {
    throw new Error(`SAML_IDP_CERT is neither PEM text nor a readable PEM file: ${(err as Error).message}`, { cause: err });
  }
}

function absoluteUrl(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an absolute http(s) URL, got ${value}`);
  return value;
}

/**
 * SAML settings from the environment, or null when no identity provider is configured (the SSO
 * button is then hidden). An entry point without a certificate, or the reverse, is refused at
 * start rather than running a sign-on that trusts nothing or cannot start.
 */
export function loadSamlSettings(env: NodeJS.ProcessEnv): SamlSettings | null {
  const fromMetadata = env.SAML_IDP_METADATA ? idpFromMetadata(fs.readFileSync(env.SAML_IDP_METADATA, 'utf8')) : null;
  const entryPoint = absoluteUrl('SAML_ENTRY_POINT', env.SAML_ENTRY_POINT) ?? absoluteUrl('the metadata SingleSignOnService', fromMetadata?.entryPoint);
  const idpCerts = env.SAML_IDP_CERT ? [readCert(env.SAML_IDP_CERT)] : (fromMetadata?.certs ?? []);
  if (!entryPoint && idpCerts.length === 0) return null;
  if (!entryPoint) throw new Error('SAML needs the identity provider SSO URL: set SAML_ENTRY_POINT (or SAML_IDP_METADATA with an HTTP-Redirect SingleSignOnService)');
  if (idpCerts.length === 0) throw new Error('SAML needs the identity provider signing certificate: set SAML_IDP_CERT (or SAML_IDP_METADATA with a signing KeyDescriptor)');
  const skew = env.SAML_CLOCK_SKEW_MS;
  const clockSkewMs = skew === undefined || skew === '' ? 60_000 : Number(skew);
  if (!Number.isInteger(clockSkewMs) || clockSkewMs < 0 || clockSkewMs > 600_000) {
    throw new Error(`SAML_CLOCK_SKEW_MS must be a whole number of ms from 0 to 600000, got ${skew}`);
  }
  const pending = env.SAML_PENDING_PER_ADDRESS;
  const pendingPerAddress = pending === undefined || pending === '' ? 30 : Number(pending);
  if (!Number.isInteger(pendingPerAddress) || pendingPerAddress < 1 || pendingPerAddress > 100_000) {
    throw new Error(`SAML_PENDING_PER_ADDRESS must be a whole number from 1 to 100000, got ${pending}`);
  }
  return {
    entryPoint,
    idpCerts,
    issuer: env.SAML_ISSUER || undefined,
    callbackUrl: absoluteUrl('SAML_CALLBACK_URL', env.SAML_CALLBACK_URL),
    logoutUrl: absoluteUrl('SAML_LOGOUT_URL', env.SAML_LOGOUT_URL),
    clockSkewMs,
    idpIssuer: fromMetadata?.entityId,
    pendingPerAddress,
  };
}
