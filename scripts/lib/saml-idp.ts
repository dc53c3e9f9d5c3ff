/**
 * A small SAML 2.0 identity provider, built on samlify: the demo's (scripts/demo-idp.ts) and the
 * API and browser tests' (tests/api/saml.test.ts), so both drive the same one. It reads the
 * service provider's AuthnRequest (HTTP-Redirect binding, schema-checked by xmllint) and answers
 * a signed Response for an email, or, for the tests, one that a service provider must refuse.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as samlify from 'samlify';
import * as xmllint from '@authenio/samlify-node-xmllint';

// samlify refuses to parse anything without a schema validator: xmllint checks messages against the
// SAML XSDs. Its emscripten build prints a blank line per document: silenced while it runs (synchronously).
const schemaValidator = {
  validate: (xml: string) => {
    const log = console.log;
    console.log = () => undefined;
    try {
      return xmllint.validate(xml);
    } finally {
      console.log = log;
    }
  },
};
samlify.setSchemaValidator(schemaValidator);

/**
 * Readies the schema checker: its first document takes seconds (the XSDs are compiled), so a
 * server does it before it answers rather than on its first user's click.
 */
export async function warmSchemaValidator(): Promise<void> {
  await schemaValidator.validate(`<samlp:LogoutResponse xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_warm" Version="2.0" IssueInstant="2026-01-01T00:00:00Z"><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status></samlp:LogoutResponse>`);
}

export interface IdpKeys {
  /** PKCS#8 PEM private key. */
  privateKey: string;
  /** Self-signed X.509 certificate, PEM. */
  cert: string;
}

/**
 * A new RSA key and a self-signed certificate for it. Node has no X.509 builder, so openssl makes
 * them (present on every machine this runs on; the error says so when it is not).
 */
export function makeKeys(commonName = 'Demo Identity Provider'): IdpKeys {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-idp-keys-'));
  try {
    const keyFile = path.join(dir, 'idp.key');
    const certFile = path.join(dir, 'idp.crt');
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '3650',
        '-subj', `/CN=${commonName.replace(/[/=]/g, ' ')}`, '-keyout', keyFile, '-out', certFile,
      ], { stdio: 'pipe' });
    } catch (err) {
      throw new Error(`openssl could not make the identity provider's certificate (is openssl installed?): ${(err as Error).message}`, { cause: err });
    }
    return { privateKey: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The keys kept in `dir` (idp.key, idp.crt), made at the first run. */
export function loadOrMakeKeys(dir: string): IdpKeys & { certFile: string } {
  const keyFile = path.join(dir, 'idp.key');
  const certFile = path.join(dir, 'idp.crt');
  if (!fs.existsSync(keyFile) || !fs.existsSync(certFile)) {
    const keys = makeKeys();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(keyFile, keys.privateKey, { mode: 0o600 });
    fs.writeFileSync(certFile, keys.cert);
  }
  return { privateKey: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile };
}

/** What the identity provider learnt from a service provider's AuthnRequest. */
export interface AuthnRequestInfo {
  id: string;
  /** The service provider's entity id (the Response's audience). */
  issuer: string;
  /** Where the Response is posted. */
  acsUrl: string;
  relayState: string | undefined;
}

export interface ResponseOptions {
  /** What is signed: the assertion (default), the whole response, both, or nothing. */
  sign?: 'assertion' | 'response' | 'both' | 'none';
  /** Sign with these keys instead of the identity provider's own. */
  signWith?: IdpKeys;
  /** Conditions and the subject confirmation ended this long ago (default: valid for 5 minutes from now). */
  expiredMsAgo?: number;
  audience?: string;
  inResponseTo?: string;
  /** The NameID (default: the email). */
  nameId?: string;
  /** The Destination and Recipient (default: the request's ACS URL). */
  destination?: string;
}

const NS = {
  protocol: 'urn:oasis:names:tc:SAML:2.0:protocol',
  assertion: 'urn:oasis:names:tc:SAML:2.0:assertion',
  post: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST',
  redirect: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect',
  emailFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  success: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  password: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
};

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** An XML ID: starts with a letter, as xs:ID requires. */
const newId = () => `_${randomBytes(20).toString('hex')}`;

export interface SamlIdpOptions {
  keys: IdpKeys;
  /** The identity provider's entity id (its Issuer). */
  entityId: string;
  /** Where service providers send the AuthnRequest (HTTP-Redirect). */
  ssoUrl: string;
  logoutUrl?: string;
}

export class SamlIdp {
  readonly entityId: string;
  readonly ssoUrl: string;
  private readonly keys: IdpKeys;
  private readonly idp: samlify.IdentityProviderInstance;

  constructor(private readonly options: SamlIdpOptions) {
    this.entityId = options.entityId;
    this.ssoUrl = options.ssoUrl;
    this.keys = options.keys;
    this.idp = this.entity(options.keys);
  }

  private entity(keys: IdpKeys) {
    return samlify.IdentityProvider({
      entityID: this.options.entityId,
      privateKey: keys.privateKey,
      signingCert: keys.cert,
      nameIDFormat: [NS.emailFormat],
      singleSignOnService: [{ Binding: NS.redirect, Location: this.options.ssoUrl }],
      // samlify warns about an IdP without a logout service: the SSO URL stands in when none is given.
      singleLogoutService: [{ Binding: NS.redirect, Location: this.options.logoutUrl ?? this.options.ssoUrl }],
      wantAuthnRequestsSigned: false,
    });
  }

  /** The identity provider's metadata: entity id, SSO URL and signing certificate. */
  metadata(): string {
    return this.idp.getMetadata();
  }

  /** Reads an AuthnRequest sent by HTTP-Redirect: the URL the service provider redirected to. */
  async parseRequest(url: string | URL): Promise<AuthnRequestInfo> {
    const u = new URL(url);
    const SAMLRequest = u.searchParams.get('SAMLRequest');
    if (!SAMLRequest) throw new Error('no SAMLRequest in the URL');
    // The service provider is only known from the request itself: a placeholder parses it (unsigned requests).
    const anySp = samlify.ServiceProvider({ entityID: 'urn:unknown', authnRequestsSigned: false });
    // samlify decodeURIComponent()s the value again, as it comes in a raw query string.
    const parsed = await this.idp.parseLoginRequest(anySp, 'redirect', { query: { SAMLRequest: encodeURIComponent(SAMLRequest) } });
    const extract = parsed.extract as { request?: { id?: string; assertionConsumerServiceUrl?: string }; issuer?: string };
    const id = extract.request?.id;
    const acsUrl = extract.request?.assertionConsumerServiceUrl;
    if (!id || !acsUrl || !extract.issuer) throw new Error('the AuthnRequest names no ID, issuer or AssertionConsumerServiceURL');
    return { id, issuer: extract.issuer, acsUrl, relayState: u.searchParams.get('RelayState') ?? undefined };
  }

  /** The unsigned Response XML before any signature. */
  private responseXml(request: Pick<AuthnRequestInfo, 'id' | 'issuer' | 'acsUrl'>, email: string, opts: ResponseOptions) {
    const now = Date.now();
    const instant = new Date(now - (opts.expiredMsAgo ? opts.expiredMsAgo + 10 * 60_000 : 0)).toISOString();
    const notOnOrAfter = new Date(opts.expiredMsAgo ? now - opts.expiredMsAgo : now + 5 * 60_000).toISOString();
    const inResponseTo = escapeXml(opts.inResponseTo ?? request.id);
    const destination = escapeXml(opts.destination ?? request.acsUrl);
    const issuer = escapeXml(this.entityId);
    const value = escapeXml(email);
    return `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${newId()}" Version="2.0" IssueInstant="${instant}" Destination="${destination}" InResponseTo="${inResponseTo}">`
      + `<saml:Issuer>${issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="${NS.success}"/></samlp:Status>`
      + `<saml:Assertion xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ID="${newId()}" Version="2.0" IssueInstant="${instant}">`
      + `<saml:Issuer>${issuer}</saml:Issuer>`
      + `<saml:Subject><saml:NameID Format="${NS.emailFormat}">${escapeXml(opts.nameId ?? email)}</saml:NameID>`
      + `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${destination}" InResponseTo="${inResponseTo}"/></saml:SubjectConfirmation></saml:Subject>`
      + `<saml:Conditions NotBefore="${instant}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escapeXml(opts.audience ?? request.issuer)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
      + `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${newId()}"><saml:AuthnContext><saml:AuthnContextClassRef>${NS.password}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
      + `<saml:AttributeStatement><saml:Attribute Name="email" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic"><saml:AttributeValue xsi:type="xs:string">${value}</saml:AttributeValue></saml:Attribute></saml:AttributeStatement>`
      + '</saml:Assertion></samlp:Response>';
  }

  /**
   * A Response to `request` signing `email` on, base64 as the HTTP-POST binding sends it. With the
   * options, one a service provider must refuse (unsigned, another key, expired, another audience...).
   */
  async loginResponse(request: Pick<AuthnRequestInfo, 'id' | 'issuer' | 'acsUrl'>, email: string, opts: ResponseOptions = {}): Promise<string> {
    const sign = opts.sign ?? 'assertion';
    const xml = this.responseXml(request, email, opts);
    const idp = opts.signWith ? this.entity(opts.signWith) : this.idp;
    // samlify signs the assertion when the SP wants it signed, and the message when it wants that or
    // not the assertion: so it always signs something, and 'none' strips what it signed.
    const sp = samlify.ServiceProvider({
      entityID: request.issuer,
      wantAssertionsSigned: sign === 'assertion' || sign === 'both' || sign === 'none',
      wantMessageSigned: sign === 'response' || sign === 'both',
      assertionConsumerService: [{ Binding: NS.post, Location: request.acsUrl }],
    });
    const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: request.id } } }, 'post', { email }, {
      customTagReplacement: () => ({ id: '', context: xml }),
    });
    const signed = Buffer.from(context, 'base64').toString('utf8');
    const out = sign === 'none' ? stripSignatures(signed) : signed;
    return Buffer.from(out, 'utf8').toString('base64');
  }

  /** The HTML page that posts a Response to the service provider's ACS at once (HTTP-POST binding). */
  static postForm(acsUrl: string, samlResponse: string, relayState: string | undefined): string {
    const relay = relayState === undefined ? '' : `<input type="hidden" name="RelayState" value="${escapeXml(relayState)}">`;
    return `<!doctype html><html><head><meta charset="utf-8"><title>Signing you in…</title></head>`
      + `<body onload="document.forms[0].submit()"><form method="post" action="${escapeXml(acsUrl)}">`
      + `<input type="hidden" name="SAMLResponse" value="${escapeXml(samlResponse)}">${relay}`
      + '<noscript><button type="submit">Continue</button></noscript></form></body></html>';
  }
}

/** The XML without any ds:Signature element. */
export function stripSignatures(xml: string): string {
  return xml.replace(/<(\w+:)?Signature\b[\s\S]*?<\/\1?Signature>/g, '');
}
