import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials (compared without case): embedded units' SSO
 * tokens, SAML messages and their RelayState, passwords and OAuth-style codes and tokens. An old
 * caller that still puts one in a URL leaves no copy of it in the log.
 */
const SECRET_PARAMS = new Set([
  'token', 'sso_token', 'access_token', 'id_token', 'refresh_token', 'code',
  'samlresponse', 'samlrequest', 'relaystate', 'signature',
  'password', 'secret',
]);

/** Paths whose last segment is itself a one-time credential: invitation links and the API they call. */
const SECRET_PATHS = [/^(\/api\/auth\/invitations\/)[^/?]+/i, /^(\/invite\/)[^/?]+/i];

export const REDACTED = '[REDACTED]';

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as logged: credential path segments and query values replaced, everything else as sent. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  let pathname = at === -1 ? url : url.slice(0, at);
  for (const pattern of SECRET_PATHS) pathname = pathname.replace(pattern, `$1${REDACTED}`);
  if (at === -1) return pathname;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq === -1 || !SECRET_PARAMS.has(paramName(pair.slice(0, eq)))) return pair;
    return `${pair.slice(0, eq)}=${REDACTED}`;
  });
  return `${pathname}?${query.join('&')}`;
}

/**
 * Fastify's own `req` serializer (lib/logger-pino.js) with the URL redacted: the "incoming
 * request" line of every request goes through it.
 */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket.remotePort,
  };
}

/** Fastify's logger option with the redacting request serializer, whichever options the caller chose. */
export function redactingLogger(logger: boolean | object): boolean | object {
  if (logger === false) return false;
  const options: { serializers?: object } = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: requestSerializer } };
}
