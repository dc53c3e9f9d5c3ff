/**
 * The demo identity provider's HTTP server (`npm run demo:idp`, and browser tests start it in
 * process): a page at its SSO URL listing the demo users as buttons, which posts a signed SAML
 * Response for the chosen email to the service provider's ACS; its metadata; a logout URL that
 * sends the browser back to its returnUrl. Loopback only: it signs anyone on who clicks.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEMO_USERS } from '../../src/server/db/demo-tenant';
import { loadOrMakeKeys, SamlIdp, warmSchemaValidator, type AuthnRequestInfo } from './saml-idp';

export interface DemoIdpOptions {
  host?: string;
  /** 0: any free port. */
  port?: number;
  /** Where the keys are kept (made at the first run). */
  keyDir?: string;
}

export interface DemoIdp {
  url: string;
  ssoUrl: string;
  logoutUrl: string;
  metadataUrl: string;
  certFile: string;
  /** The product's settings to start it against this IdP. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A pending sign-on waits this long for a click. */
const PENDING_MS = 10 * 60_000;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Only a service provider on this machine: a demo IdP that signs anyone on must not answer one elsewhere. */
function loopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

const PAGE_STYLE = 'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1b1f24}'
  + 'h1{font-size:1.4rem}button{display:block;width:100%;margin:.5rem 0;padding:.7rem;font-size:1rem;cursor:pointer;text-align:left}'
  + 'input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}small{color:#57606a}';

function chooserPage(key: string, issuer: string): string {
  const buttons = DEMO_USERS.map((u) =>
    `<button type="submit" name="email" value="${escapeHtml(u.email)}">${escapeHtml(u.firstName)} ${escapeHtml(u.lastName)} <small>${escapeHtml(u.email)}</small></button>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo identity provider</title><style>${PAGE_STYLE}</style></head><body>`
    + `<h1>Demo identity provider</h1><p>Sign in to <b>${escapeHtml(issuer)}</b> as:</p>`
    + `<form method="post" action="/sso/answer"><input type="hidden" name="key" value="${key}">${buttons}</form>`
    + `<form method="post" action="/sso/answer"><input type="hidden" name="key" value="${key}">`
    + '<p><label for="other">Another email</label><input id="other" name="email" type="email" required></p><button type="submit">Sign in with this email</button></form>'
    + '</body></html>';
}

function send(res: http.ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 16_384) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

export async function startDemoIdp(options: DemoIdpOptions = {}): Promise<DemoIdp> {
  const host = options.host ?? '127.0.0.1';
  const keys = loadOrMakeKeys(path.resolve(options.keyDir ?? '.tmp/demo-idp'));
  await warmSchemaValidator();
  const pending = new Map<string, AuthnRequestInfo & { at: number }>();
  // Known once the server listens (the port may be any free one).
  const state: { idp?: SamlIdp; origin: string } = { origin: '' };

  const server = http.createServer((req, res) => {
    void (async () => {
      const { idp, origin } = state;
      const url = new URL(req.url ?? '/', origin);
      if (!idp) return send(res, 503, 'text/plain', 'starting');
      if (req.method === 'GET' && url.pathname === '/sso') {
        let request: AuthnRequestInfo;
        try {
          request = await idp.parseRequest(url);
        } catch (err) {
          return send(res, 400, 'text/plain; charset=utf-8', `Not a SAML AuthnRequest: ${(err as Error).message}`);
        }
        if (!loopbackUrl(request.acsUrl)) return send(res, 400, 'text/plain; charset=utf-8', `The demo IdP answers only service providers on this machine, not ${request.acsUrl}`);
        const now = Date.now();
        for (const [k, p] of pending) if (now - p.at > PENDING_MS) pending.delete(k);
        const key = randomBytes(16).toString('hex');
        pending.set(key, { ...request, at: now });
        return send(res, 200, 'text/html; charset=utf-8', chooserPage(key, request.issuer));
      }
      if (req.method === 'POST' && url.pathname === '/sso/answer') {
        const form = await readForm(req);
        const request = pending.get(form.get('key') ?? '');
        const email = form.get('email')?.trim();
        if (!request || !email) return send(res, 400, 'text/plain; charset=utf-8', 'This sign-on has expired or was already answered; start again from the product.');
        pending.delete(form.get('key') ?? '');
        const response = await idp.loginResponse(request, email);
        return send(res, 200, 'text/html; charset=utf-8', SamlIdp.postForm(request.acsUrl, response, request.relayState));
      }
      if (req.method === 'GET' && url.pathname === '/metadata') {
        return send(res, 200, 'application/samlmetadata+xml; charset=utf-8', idp.metadata());
      }
      if (req.method === 'GET' && url.pathname === '/logout') {
        const back = url.searchParams.get('returnUrl');
        if (back && loopbackUrl(back)) return send(res, 302, 'text/plain', '', { location: back });
        return send(res, 200, 'text/html; charset=utf-8', `<!doctype html><title>Signed out</title><style>${PAGE_STYLE}</style><h1>You are signed out of the demo identity provider.</h1>`);
      }
      return send(res, 404, 'text/plain', 'not found');
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `demo IdP error: ${(err as Error).message}`);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8090, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  state.origin = origin;
  state.idp = new SamlIdp({ keys, entityId: `${origin}/metadata`, ssoUrl: `${origin}/sso`, logoutUrl: `${origin}/logout` });
  return {
    url: origin,
    ssoUrl: `${origin}/sso`,
    logoutUrl: `${origin}/logout`,
    metadataUrl: `${origin}/metadata`,
    certFile: keys.certFile,
    env: { SAML_ENTRY_POINT: `${origin}/sso`, SAML_IDP_CERT: keys.certFile, SAML_LOGOUT_URL: `${origin}/logout` },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
