import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/shared/constants';
import { auditLog, samlRelayStates, samlRequests, users } from '../../src/server/db/schema';
import { makeKeys, SamlIdp, warmSchemaValidator, type AuthnRequestInfo, type IdpKeys, type ResponseOptions } from '../../scripts/lib/saml-idp';
import { ADMIN, ANALYST, buildTestApp, login, VIEWER, type TestApp } from './helper';
import { buildAppOn, userId } from './support';

const IDP = 'http://idp.test';
const PUBLIC_URL = 'http://sp.test';
const ACS = `${PUBLIC_URL}/api/auth/saml/acs`;
const RETURN = '/acme/us/fizz-cola/fizz-original/home';
const FAILED = '/login?sso=failed';
const UNKNOWN = '/login?tab=request&sso=unknown';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const DS_NS = 'http://www.w3.org/2000/09/xmldsig#';

let t: TestApp;
let app: FastifyInstance;
let keys: IdpKeys;
let attacker: IdpKeys;
let idp: SamlIdp;
let certDir: string;
const logs: string[] = [];
/** Every SAMLResponse posted, to look for in the log. */
const posted: string[] = [];

beforeAll(async () => {
  // Its first document takes seconds: here, so no test's time includes it.
  await warmSchemaValidator();
  keys = makeKeys();
  attacker = makeKeys('Attacker');
  idp = new SamlIdp({ keys, entityId: `${IDP}/metadata`, ssoUrl: `${IDP}/sso`, logoutUrl: `${IDP}/logout` });
  certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-test-'));
  fs.writeFileSync(path.join(certDir, 'idp.crt'), keys.cert);
  t = await buildTestApp({}, { counts: false, jobs: false });
  // The SAML app logs its warnings here: each refusal says why, and nothing of any response.
  app = await buildAppOn(t.database, {
    PUBLIC_URL,
    SAML_ENTRY_POINT: `${IDP}/sso`,
    SAML_IDP_CERT: path.join(certDir, 'idp.crt'),
    SAML_LOGOUT_URL: `${IDP}/logout`,
  }, { logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } } });
});

const samlEnv = () => ({ PUBLIC_URL, SAML_ENTRY_POINT: `${IDP}/sso`, SAML_IDP_CERT: path.join(certDir, 'idp.crt') });

afterAll(() => {
  fs.rmSync(certDir, { recursive: true, force: true });
});

/** GET the login route and read the AuthnRequest the browser is sent to the IdP with. */
async function start(returnUrl?: string): Promise<AuthnRequestInfo & { location: string }> {
  const query = returnUrl === undefined ? '' : `?returnUrl=${encodeURIComponent(returnUrl)}`;
  const res = await app.inject({ method: 'GET', url: `/api/auth/saml/login${query}` });
  expect(res.statusCode, res.body).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith(`${IDP}/sso?`)).toBe(true);
  return { ...(await idp.parseRequest(location)), location };
}

function postAcs(fields: { SAMLResponse?: string; RelayState?: string }, to: FastifyInstance = app): Promise<LightMyRequestResponse> {
  const form = new URLSearchParams();
  if (fields.SAMLResponse !== undefined) {
    form.set('SAMLResponse', fields.SAMLResponse);
    posted.push(fields.SAMLResponse);
  }
  if (fields.RelayState !== undefined) form.set('RelayState', fields.RelayState);
  return to.inject({
    method: 'POST',
    url: '/api/auth/saml/acs',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: IDP },
    payload: form.toString(),
  });
}

/** A full sign-on of `email` through the IdP, with the response changed by `tamper` when given. */
async function signOn(email: string, opts: ResponseOptions & { returnUrl?: string; tamper?: (xml: string) => string } = {}) {
  const request = await start(opts.returnUrl ?? RETURN);
  let response = await idp.loginResponse(request, email, opts);
  if (opts.tamper) response = b64(opts.tamper(unb64(response)));
  return { request, res: await postAcs({ SAMLResponse: response, RelayState: request.relayState }) };
}

const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
const unb64 = (s: string) => Buffer.from(s, 'base64').toString('utf8');
const sidOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'sid' && c.value !== '');

async function self(res: LightMyRequestResponse) {
  const sid = sidOf(res);
  if (!sid) throw new Error('no session cookie');
  return app.inject({ method: 'GET', url: '/api/auth/self.json', headers: { cookie: `sid=${sid.value}` } });
}

/** No session, a redirect to the login page, and the reason logged at warn level (matching `why` when given). */
function expectRefused(res: LightMyRequestResponse, where = FAILED, why?: RegExp) {
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(where);
  expect(sidOf(res)).toBeUndefined();
  const line = logs.map((l) => JSON.parse(l) as { reqId?: string; level: number; reason?: string }).findLast((l) => l.reqId === res.headers['x-request-id']);
  expect(line?.level).toBe(40);
  if (why) expect(line?.reason).toMatch(why);
}

// XML surgery for the signature-wrapping shapes (node-saml's test/static/signatures/invalid fixtures are the checklist).
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml');
const serialize = (doc: Document) => new XMLSerializer().serializeToString(doc);
const child = (el: Element, ns: string, name: string) => Array.from(el.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
const assertionOf = (doc: Document) => {
  const a = child(doc.documentElement!, ASSERTION_NS, 'Assertion');
  if (!a) throw new Error('no assertion');
  return a;
};

/** A copy of the signed assertion, unsigned, naming `email` instead: the attacker's own assertion. */
function evilCopy(assertion: Element, email: string, id = '_evil'): Element {
  const evil = assertion.cloneNode(true) as Element;
  const sig = child(evil, DS_NS, 'Signature');
  if (sig) evil.removeChild(sig);
  evil.setAttribute('ID', id);
  for (const tag of ['NameID', 'AttributeValue']) {
    for (const el of Array.from(evil.getElementsByTagNameNS(ASSERTION_NS, tag))) el.textContent = email;
  }
  return evil;
}

describe('SAML single sign-on', () => {
  describe('a full sign-on through the identity provider', () => {
    it('lands on the returnUrl with a session that self.json accepts, audited as an SSO login', async () => {
      const request = await start(RETURN);
      // The RelayState is an opaque key of at most 80 bytes, not the URL; the request id is stored.
      expect(request.relayState).toBeDefined();
      expect(Buffer.byteLength(request.relayState!)).toBeLessThanOrEqual(80);
      expect(request.relayState).not.toContain('acme');
      expect(request.acsUrl).toBe(ACS);
      expect(request.issuer).toBe(`${PUBLIC_URL}/api/auth/saml/metadata`);
      const stored = await t.database.db.select().from(samlRequests).where(eq(samlRequests.id, request.id));
      expect(stored).toHaveLength(1);

      const res = await postAcs({ SAMLResponse: await idp.loginResponse(request, ANALYST), RelayState: request.relayState });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe(RETURN);
      const cookie = sidOf(res)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      const me = await self(res);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().data.user.email).toBe(ANALYST);
      expect(me.headers[HEADERS.csrf]).toBeTruthy();

      // The request and the RelayState are spent.
      expect(await t.database.db.select().from(samlRequests).where(eq(samlRequests.id, request.id))).toHaveLength(0);
      const [relay] = await t.database.db.select().from(samlRelayStates).where(eq(samlRelayStates.key, request.relayState!));
      expect(relay?.used).toBe(true);
      const audits = await t.database.db.select().from(auditLog)
        .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.actorUserId, await userId(t.database, ANALYST)), sql`${auditLog.details}->>'method' = 'sso'`));
      expect(audits.length).toBe(1);
    });

    it('accepts a response signed as a whole, or both response and assertion signed', async () => {
      for (const sign of ['response', 'both'] as const) {
        const { res } = await signOn(VIEWER, { sign });
        expect(res.headers.location, sign).toBe(RETURN);
        expect((await self(res)).json().data.user.email).toBe(VIEWER);
      }
    });

    it('matches the email whatever its case, and a NameID held in okta_login', async () => {
      const upper = await signOn(ANALYST.toUpperCase());
      expect((await self(upper.res)).json().data.user.email).toBe(ANALYST);
      await t.database.db.update(users).set({ oktaLogin: 'sokafor.okta' }).where(eq(users.email, VIEWER));
      const byLogin = await signOn('someone@elsewhere.test', { nameId: 'SOKAFOR.OKTA' });
      expect((await self(byLogin.res)).json().data.user.email).toBe(VIEWER);
    });

    it('signs an invited user in (the IdP vouches for the email the administrator invited)', async () => {
      const { res } = await signOn('jordan.lee@acme.test');
      expect(res.headers.location).toBe(RETURN);
      expect((await self(res)).json().data.user.email).toBe('jordan.lee@acme.test');
    });

    it('finishes on another API process than the one that started it, and only once across them', async () => {
      const other = await buildAppOn(t.database, samlEnv());
      const request = await start(RETURN);
      const response = await idp.loginResponse(request, ANALYST);
      const res = await postAcs({ SAMLResponse: response, RelayState: request.relayState }, other);
      expect(res.headers.location).toBe(RETURN);
      expect((await self(res)).json().data.user.email).toBe(ANALYST);
      expectRefused(await postAcs({ SAMLResponse: response }), FAILED, /InResponseTo is not valid|already answered/);
    });

    it('lands on / when the IdP drops the RelayState of our request', async () => {
      const request = await start(RETURN);
      const res = await postAcs({ SAMLResponse: await idp.loginResponse(request, ANALYST) });
      expect(res.headers.location).toBe('/');
      expect((await self(res)).statusCode).toBe(200);
    });
  });

  describe('returnUrl', () => {
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil', '/\t/evil.example', 'javascript:alert(1)']) {
      it(`${JSON.stringify(evil)} lands on /`, async () => {
        const { request, res } = await signOn(ANALYST, { returnUrl: evil });
        const [relay] = await t.database.db.select().from(samlRelayStates).where(eq(samlRelayStates.key, request.relayState!));
        expect(relay?.returnUrl).toBe('/');
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toBe('/');
      });
    }

    it('keeps a relative path with its query', async () => {
      const { res } = await signOn(ANALYST, { returnUrl: '/acme/home?tab=x&y=1' });
      expect(res.headers.location).toBe('/acme/home?tab=x&y=1');
    });
  });

  describe('refused: no session, back to /login?sso=failed', () => {
    it('an unsigned response', async () => {
      expectRefused((await signOn(ADMIN, { sign: 'none' })).res, FAILED, /Invalid signature/);
    });

    it('a response signed by another key', async () => {
      expectRefused((await signOn(ADMIN, { signWith: attacker })).res);
      expectRefused((await signOn(ADMIN, { signWith: attacker, sign: 'both' })).res);
    });

    it('a signed assertion whose NameID was changed after signing', async () => {
      expectRefused((await signOn(ANALYST, { tamper: (xml) => xml.replaceAll(ANALYST, ADMIN) })).res, FAILED, /Invalid signature/);
    });

    it('an expired assertion (past the clock skew)', async () => {
      // node-saml reads the subject confirmation's NotOnOrAfter first.
      expectRefused((await signOn(ANALYST, { expiredMsAgo: 5 * 60_000 })).res, FAILED, /expired|No valid subject confirmation/i);
    });

    it('a wrong audience', async () => {
      expectRefused((await signOn(ANALYST, { audience: 'https://another-sp.example/metadata' })).res, FAILED, /audience mismatch/);
    });

    it('a wrong recipient', async () => {
      expectRefused((await signOn(ANALYST, { destination: 'https://another-sp.example/acs' })).res, FAILED, /another Recipient/);
    });

    it('an InResponseTo we never sent, and none at all (unsolicited)', async () => {
      expectRefused((await signOn(ANALYST, { inResponseTo: '_never-sent-by-us' })).res, FAILED, /InResponseTo is not valid/);
      const request = await start(RETURN);
      expectRefused(await postAcs({ SAMLResponse: await idp.loginResponse({ ...request, id: '' }, ANALYST), RelayState: request.relayState }), FAILED, /InResponseTo is missing/);
    });

    it('a replayed response (the same InResponseTo twice), also when both arrive at once', async () => {
      const request = await start(RETURN);
      const response = await idp.loginResponse(request, ANALYST);
      const first = await postAcs({ SAMLResponse: response, RelayState: request.relayState });
      expect(first.headers.location).toBe(RETURN);
      // Without the (spent) RelayState, so only the replay is what refuses it.
      expectRefused(await postAcs({ SAMLResponse: response }), FAILED, /InResponseTo is not valid|already answered/);

      const again = await start(RETURN);
      const twice = await idp.loginResponse(again, ANALYST);
      const both = await Promise.all([postAcs({ SAMLResponse: twice }), postAcs({ SAMLResponse: twice })]);
      expect(both.filter((r) => sidOf(r)).length).toBe(1);
      expect(both.map((r) => r.headers.location).sort()).toEqual(['/', FAILED]);
    });

    it('a RelayState never issued', async () => {
      const request = await start(RETURN);
      expectRefused(await postAcs({ SAMLResponse: await idp.loginResponse(request, ANALYST), RelayState: 'made-up-relay-state' }), FAILED, /RelayState was never issued/);
      expectRefused(await postAcs({ SAMLResponse: await idp.loginResponse(await start(RETURN), ANALYST), RelayState: 'x'.repeat(81) }), FAILED, /longer than 80 bytes/);
    });

    it('a RelayState already used, and one expired', async () => {
      const { request: used } = await signOn(ANALYST);
      const next = await start(RETURN);
      expectRefused(await postAcs({ SAMLResponse: await idp.loginResponse(next, ANALYST), RelayState: used.relayState }), FAILED, /RelayState was never issued, was already used/);

      const stale = await start(RETURN);
      await t.database.db.update(samlRelayStates).set({ expires: sql`now() - interval '1 second'` }).where(eq(samlRelayStates.key, stale.relayState!));
      expectRefused(await postAcs({ SAMLResponse: await idp.loginResponse(stale, ANALYST), RelayState: stale.relayState }), FAILED, /has expired/);
    });

    it('no SAMLResponse at all, and one that is not XML', async () => {
      expectRefused(await postAcs({}));
      expectRefused(await postAcs({ SAMLResponse: b64('not xml at all') }));
    });
  });

  describe("signature wrapping (the shapes of node-saml's invalid-signature fixtures): the wrapped user is never signed on", () => {
    const wrappings: [string, (xml: string) => string][] = [
      ['an injected unsigned assertion for another user beside the signed one', (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        doc.documentElement!.insertBefore(evilCopy(signed, ADMIN), signed);
        return serialize(doc);
      }],
      ['the signed assertion hidden in the Advice of an unsigned one with its ID', (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        const evil = evilCopy(signed, ADMIN, signed.getAttribute('ID')!);
        doc.documentElement!.replaceChild(evil, signed);
        const advice = doc.createElementNS(ASSERTION_NS, 'saml:Advice');
        advice.appendChild(signed);
        evil.insertBefore(advice, child(evil, ASSERTION_NS, 'Conditions')!.nextSibling);
        return serialize(doc);
      }],
      ['the signed assertion moved into Extensions, an unsigned one with its ID in its place', (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        const evil = evilCopy(signed, ADMIN, signed.getAttribute('ID')!);
        doc.documentElement!.replaceChild(evil, signed);
        const extensions = doc.createElementNS(PROTOCOL_NS, 'samlp:Extensions');
        extensions.appendChild(signed);
        doc.documentElement!.insertBefore(extensions, child(doc.documentElement!, PROTOCOL_NS, 'Status')!);
        return serialize(doc);
      }],
      ["an unsigned assertion carrying the signed one's signature, and the signed one inside it", (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        const evil = evilCopy(signed, ADMIN);
        evil.insertBefore(child(signed, DS_NS, 'Signature')!.cloneNode(true), child(evil, ASSERTION_NS, 'Subject')!);
        doc.documentElement!.replaceChild(evil, signed);
        evil.appendChild(signed);
        return serialize(doc);
      }],
      ['a second root element: an unsigned response for another user after the signed one', (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        doc.documentElement!.replaceChild(evilCopy(signed, ADMIN), signed);
        return `${xml}${serialize(doc)}`;
      }],
      ['the same, before the signed one', (xml) => {
        const doc = parse(xml);
        const signed = assertionOf(doc);
        doc.documentElement!.replaceChild(evilCopy(signed, ADMIN), signed);
        return `${serialize(doc)}${xml}`;
      }],
    ];
    for (const [name, tamper] of wrappings) {
      it(name, async () => {
        expectRefused((await signOn(ANALYST, { tamper })).res);
      });
    }

    it('a response re-signed by the attacker around an unsigned assertion', async () => {
      expectRefused((await signOn(ADMIN, { sign: 'response', signWith: attacker })).res);
    });

    it('a comment inside the signed NameID (canonicalisation drops it, the signature stays valid) names nobody but the whole value', async () => {
      // The IdP signs admin@demo.test.evil.example; a reader that stops at the comment would see admin@demo.test.
      const { res } = await signOn(`${ADMIN}.evil.example`, { tamper: (xml) => xml.replaceAll(`${ADMIN}.evil.example`, `${ADMIN}<!---->.evil.example`) });
      expectRefused(res, UNKNOWN);
    });
  });

  describe('unknown or inactive users: no session, the Request Access tab', () => {
    it('an email no user has', async () => {
      expectRefused((await signOn('stranger@nowhere.test')).res, UNKNOWN, /no product user/);
    });

    it('a deactivated user', async () => {
      const [row] = await t.database.db.insert(users)
        .values({ firstName: 'Gone', lastName: 'User', email: 'gone@acme.test', passwordHash: 'x', active: false })
        .returning({ id: users.id });
      expect(row).toBeDefined();
      expectRefused((await signOn('gone@acme.test')).res, UNKNOWN, /deactivated/);
    });
  });

  it('logged why each sign-on was refused, and never any part of a response', () => {
    expect(logs.length).toBeGreaterThan(20);
    const text = logs.join('\n');
    for (const response of posted.filter((r) => r.length > 200)) expect(text).not.toContain(response.slice(100, 160));
    expect(text).not.toMatch(/SignatureValue|<saml|<samlp|X509Certificate/);
  });

  describe('metadata, providers, logout', () => {
    it('answers the SP metadata XML with the entity id and the ACS URL', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/saml/metadata' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
      const doc = parse(res.body);
      expect(doc.documentElement?.getAttribute('entityID')).toBe(`${PUBLIC_URL}/api/auth/saml/metadata`);
      const acs = doc.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'AssertionConsumerService')[0];
      expect(acs?.getAttribute('Location')).toBe(ACS);
      expect(acs?.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    });

    it('providers names the SAML login route', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(res.json()).toEqual({ data: { sso: { loginUrl: '/api/auth/saml/login' } } });
    });

    it("logout of an SSO session answers as before, plus the IdP's logout URL returning to our login page", async () => {
      const { res: signedOn } = await signOn(ANALYST);
      const sid = sidOf(signedOn);
      const csrf = (await self(signedOn)).headers[HEADERS.csrf];
      const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: `sid=${sid?.value}`, [HEADERS.csrf]: String(csrf) } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: 'OK' });
      expect(res.headers[HEADERS.logoutUrl]).toBe(`${IDP}/logout?returnUrl=${encodeURIComponent(`${PUBLIC_URL}/login`)}`);
    });

    it('logout of a password session sends nobody to the IdP: it holds no IdP session', async () => {
      const s = await login(app, ANALYST);
      const res = await s.request({ method: 'POST', url: '/api/auth/logout' });
      expect(res.statusCode).toBe(200);
      expect(res.headers[HEADERS.logoutUrl]).toBeUndefined();
    });

    it('with SAML off: the routes answer 404, providers sso null, logout no IdP URL', async () => {
      const off = await buildAppOn(t.database, { PUBLIC_URL, SAML_ENTRY_POINT: '', SAML_IDP_CERT: '', SAML_IDP_METADATA: '', SAML_LOGOUT_URL: '', SSO_LOGIN_URL: '' });
      expect((await off.inject({ method: 'GET', url: `/api/auth/saml/login?returnUrl=${RETURN}` })).statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/api/auth/saml/metadata' })).statusCode).toBe(404);
      const acs = await off.inject({ method: 'POST', url: '/api/auth/saml/acs', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'SAMLResponse=x' });
      expect(acs.statusCode).toBe(404);
      expect((await off.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({ data: { sso: null } });
      const s = await login(off, VIEWER);
      expect((await s.request({ method: 'POST', url: '/api/auth/logout' })).headers[HEADERS.logoutUrl]).toBeUndefined();
    });
  });

  describe('pending sign-ons per address (SAML_PENDING_PER_ADDRESS, default 30)', () => {
    const LIMIT = 30;
    /** A start from `address` (the client address the route sees), answered as it comes. */
    const startFrom = (address: string) => app.inject({ method: 'GET', url: `/api/auth/saml/login?returnUrl=${encodeURIComponent(RETURN)}`, remoteAddress: address });
    const pendingOf = async (address: string) => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(samlRelayStates)
      .where(and(eq(samlRelayStates.address, address), eq(samlRelayStates.used, false), sql`${samlRelayStates.expires} > now()`)))[0]!.n;
    const rowCounts = async () => ({
      requests: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(samlRequests))[0]!.n,
      relayStates: (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(samlRelayStates))[0]!.n,
    });
    async function fill(address: string) {
      const starts = [];
      for (let i = 0; i < LIMIT; i++) {
        const res = await startFrom(address);
        expect(res.statusCode, res.body).toBe(302);
        starts.push(res);
      }
      return starts;
    }
    function expectTooMany(res: LightMyRequestResponse) {
      expect(res.statusCode, res.body).toBe(429);
      expect(res.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Too many sign-ins were started from this address. Please wait a few minutes and try again.', details: { retryAfter: Number(res.headers['retry-after']) } } });
      expect(res.headers.location).toBeUndefined();
    }

    it('lets 30 starts from one address through, refuses the 31st with 429 and Retry-After and writes nothing; another address still starts', async () => {
      const starts = await fill('10.26.0.1');
      expect(await pendingOf('10.26.0.1')).toBe(LIMIT);
      // Retry-After counts to the expiry of the address's oldest pending sign-on.
      const oldest = (await idp.parseRequest(String(starts[0]!.headers.location))).relayState!;
      await t.database.db.update(samlRelayStates).set({ expires: sql`now() + interval '90 seconds'` }).where(eq(samlRelayStates.key, oldest));
      const before = await rowCounts();
      const refused = await startFrom('10.26.0.1');
      expectTooMany(refused);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(80);
      expect(retryAfter).toBeLessThanOrEqual(90);
      expect(await rowCounts()).toEqual(before);

      const other = await startFrom('10.26.0.2');
      expect(other.statusCode, other.body).toBe(302);
      expect(await pendingOf('10.26.0.2')).toBe(1);
    });

    it('a finished sign-on frees its slot, and so does an expired one', async () => {
      const starts = await fill('10.26.0.3');
      expectTooMany(await startFrom('10.26.0.3'));
      const request = await idp.parseRequest(String(starts[5]!.headers.location));
      const done = await postAcs({ SAMLResponse: await idp.loginResponse(request, ANALYST), RelayState: request.relayState });
      expect(done.headers.location).toBe(RETURN);
      expect(await pendingOf('10.26.0.3')).toBe(LIMIT - 1);
      expect((await startFrom('10.26.0.3')).statusCode).toBe(302);
      expectTooMany(await startFrom('10.26.0.3'));

      const stale = (await idp.parseRequest(String(starts[7]!.headers.location))).relayState!;
      await t.database.db.update(samlRelayStates).set({ expires: sql`now() - interval '1 second'` }).where(eq(samlRelayStates.key, stale));
      expect((await startFrom('10.26.0.3')).statusCode).toBe(302);
      expectTooMany(await startFrom('10.26.0.3'));
    });

    it('a burst of 40 parallel starts from one address yields exactly 30 redirects', async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => startFrom('10.26.0.4')));
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 302)).toHaveLength(LIMIT);
      expect(codes.filter((c) => c === 429)).toHaveLength(40 - LIMIT);
      expect(await pendingOf('10.26.0.4')).toBe(LIMIT);
    });

    it('takes its limit from SAML_PENDING_PER_ADDRESS', async () => {
      const two = await buildAppOn(t.database, { ...samlEnv(), SAML_PENDING_PER_ADDRESS: '2' });
      const from = () => two.inject({ method: 'GET', url: '/api/auth/saml/login', remoteAddress: '10.26.0.5' });
      expect((await from()).statusCode).toBe(302);
      expect((await from()).statusCode).toBe(302);
      expectTooMany(await from());
    });
  });
});
