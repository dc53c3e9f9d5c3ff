import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { idpFromMetadata, loadSamlSettings, toPem } from './saml-settings';

// Not a real certificate: the settings only carry it to node-saml, which parses it.
const CERT_BODY = 'MIIBszCCAVmgAwIBAgIUQUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=';
const PEM = `-----BEGIN CERTIFICATE-----\n${CERT_BODY}\n-----END CERTIFICATE-----\n`;

const metadata = (use: string | null, binding = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect') => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/meta">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>
      ${CERT_BODY}
    </ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="${binding}" Location="https://idp.example/sso"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saml-settings-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = path.join(dir, name);
  fs.writeFileSync(p, text);
  return p;
};

describe('toPem', () => {
  it('wraps bare base64 in 64-character lines and keeps PEM as it is', () => {
    expect(toPem(` ${CERT_BODY} `)).toBe(PEM);
    expect(toPem(PEM)).toBe(PEM);
    expect(() => toPem('not a cert!')).toThrow(/neither PEM nor base64/);
  });
});

describe('idpFromMetadata', () => {
  it('reads the entity id, the HTTP-Redirect SSO URL and the signing certificates', () => {
    expect(idpFromMetadata(metadata('signing'))).toEqual({ entityId: 'https://idp.example/meta', entryPoint: 'https://idp.example/sso', certs: [PEM] });
    expect(idpFromMetadata(metadata(null)).certs).toEqual([PEM]);
  });

  it('leaves out encryption keys and other bindings', () => {
    expect(idpFromMetadata(metadata('encryption')).certs).toEqual([]);
    expect(idpFromMetadata(metadata('signing', 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST')).entryPoint).toBeUndefined();
  });

  it('refuses XML that is not one identity provider', () => {
    expect(() => idpFromMetadata('not xml')).toThrow(/not well-formed|one identity provider/);
    expect(() => idpFromMetadata('<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"/>')).toThrow(/one identity provider/);
  });
});

describe('loadSamlSettings', () => {
  it('is off without an entry point and a certificate', () => {
    expect(loadSamlSettings({})).toBeNull();
    expect(loadSamlSettings({ SAML_ENTRY_POINT: '', SAML_IDP_CERT: '' })).toBeNull();
  });

  it('takes the certificate as PEM text or as a file, with defaults for the rest', () => {
    const fromText = loadSamlSettings({ SAML_ENTRY_POINT: 'http://127.0.0.1:8090/sso', SAML_IDP_CERT: PEM });
    expect(fromText).toEqual({
      entryPoint: 'http://127.0.0.1:8090/sso', idpCerts: [PEM], issuer: undefined, callbackUrl: undefined,
      logoutUrl: undefined, clockSkewMs: 60_000, idpIssuer: undefined, pendingPerAddress: 30,
    });
    const fromFile = loadSamlSettings({ SAML_ENTRY_POINT: 'http://127.0.0.1:8090/sso', SAML_IDP_CERT: file('idp.crt', PEM), SAML_CLOCK_SKEW_MS: '5000' });
    expect(fromFile?.idpCerts).toEqual([PEM]);
    expect(fromFile?.clockSkewMs).toBe(5000);
  });

  it('takes how many pending sign-ons one address may hold from SAML_PENDING_PER_ADDRESS', () => {
    const base = { SAML_ENTRY_POINT: 'https://idp.example/sso', SAML_IDP_CERT: PEM };
    expect(loadSamlSettings({ ...base, SAML_PENDING_PER_ADDRESS: '5' })?.pendingPerAddress).toBe(5);
    expect(loadSamlSettings({ ...base, SAML_PENDING_PER_ADDRESS: '' })?.pendingPerAddress).toBe(30);
    for (const bad of ['0', '-3', '2.5', 'many', '100001']) {
      expect(() => loadSamlSettings({ ...base, SAML_PENDING_PER_ADDRESS: bad })).toThrow(/SAML_PENDING_PER_ADDRESS/);
    }
  });

  it('reads entry point, certificate and issuer from a metadata file', () => {
    const s = loadSamlSettings({ SAML_IDP_METADATA: file('idp.xml', metadata('signing')), SAML_LOGOUT_URL: 'https://idp.example/logout' });
    expect(s).toMatchObject({ entryPoint: 'https://idp.example/sso', idpCerts: [PEM], idpIssuer: 'https://idp.example/meta', logoutUrl: 'https://idp.example/logout' });
  });

  it('refuses half a configuration and bad values at start', () => {
    expect(() => loadSamlSettings({ SAML_ENTRY_POINT: 'https://idp.example/sso' })).toThrow(/signing certificate/);
    expect(() => loadSamlSettings({ SAML_IDP_CERT: PEM })).toThrow(/SSO URL/);
    expect(() => loadSamlSettings({ SAML_ENTRY_POINT: 'idp.example/sso', SAML_IDP_CERT: PEM })).toThrow(/SAML_ENTRY_POINT must be an absolute/);
    expect(() => loadSamlSettings({ SAML_ENTRY_POINT: 'https://idp.example/sso', SAML_IDP_CERT: path.join(dir, 'missing.crt') })).toThrow(/SAML_IDP_CERT/);
    expect(() => loadSamlSettings({ SAML_ENTRY_POINT: 'https://idp.example/sso', SAML_IDP_CERT: PEM, SAML_CLOCK_SKEW_MS: '-1' })).toThrow(/SAML_CLOCK_SKEW_MS/);
  });
});
