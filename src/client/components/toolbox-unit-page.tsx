import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { HEADERS, TEXT } from '@shared/constants';
import type { ContextSlugs } from '@shared/rules/context';
import {
  clientContextChangeMessage, isSsoTokenRequest, mayAnswerTokenRequest, ssoMessage, unitOrigin, type ClientContextChangeMessage, type SsoMessage,
} from '@shared/rules/toolbox';
import type { ToolboxUnit } from '@shared/schemas/toolbox';
import { requestHeaders } from '../lib/api-client';
import { PageHeader } from './page-header';

/**
 * A fresh sign-on token for the unit, carrying the context; null (with a console warning only,
 * spec 1 §2.11) when nobody is logged in or the server cannot be reached.
 */
async function fetchSsoToken(context: ContextSlugs): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/sso-token', { credentials: 'same-origin', headers: requestHeaders({ context }) });
    if (response.status === 401) {
      console.warn('An embedded unit needs a sign-on token, but no user is logged in.');
      return null;
    }
    if (!response.ok) {
      console.warn(`An embedded unit's sign-on token could not be issued (HTTP ${response.status}).`);
      return null;
    }
    return response.headers.get(HEADERS.ssoToken) ?? (await response.text());
  } catch {
    console.warn("An embedded unit's sign-on token could not be fetched: the server could not be reached.");
    return null;
  }
}

/**
 * An iframed toolbox unit inside the product, with its loading screen (spec 1 §2.11). On load and
 * on every context change the unit is sent `clientContextChange` and `sso` (a short-lived token
 * and the absolute address its server checks it at, as `Authorization: Bearer`); a
 * `request-sso-token` from the unit's own window and origin gets a fresh `sso`. Messages go to
 * the unit's origin only, never '*'.
 */
export function ToolboxUnitPage({ unit }: { unit: ToolboxUnit }) {
  const [loaded, setLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const params = useParams({ strict: false }) as Partial<Record<'client' | 'region' | 'brand' | 'product', string>>;
  const { client = '', region, brand, product } = params;
  const slugs = useMemo<ContextSlugs>(() => ({ client, region, brand, product }), [client, region, brand, product]);
  const origin = unitOrigin(unit.url);

  const post = useCallback((message: ClientContextChangeMessage | SsoMessage) => {
    const target = frame.current?.contentWindow;
    if (target && origin) target.postMessage(message, origin);
  }, [origin]);
  const sendToken = useCallback(async () => {
    const token = await fetchSsoToken(slugs);
    if (token) post(ssoMessage(token, window.location.origin));
  }, [post, slugs]);
  const sendContext = useCallback(() => {
    post(clientContextChangeMessage(slugs));
    void sendToken();
  }, [post, slugs, sendToken]);

  // The first load, and every context change after it (sendContext is new with each context).
  useEffect(() => {
    if (loaded) sendContext();
  }, [loaded, sendContext]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (!isSsoTokenRequest(event.data)) return;
      // Only the unit itself, from its own origin: any other frame or origin is ignored.
      if (!mayAnswerTokenRequest(event.origin, unit.url) || event.source === null || event.source !== frame.current?.contentWindow) return;
      void sendToken();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [unit.url, sendToken]);

  return (
    <div className="page page--full">
      <PageHeader title={unit.name} />
      {loaded ? null : <p role="status">{TEXT.toolboxLoading}</p>}
      {/* A unit that navigates inside its frame loads again: it is sent its context and a token again. */}
      <iframe ref={frame} className="toolbox-frame" title={unit.name} src={unit.url} onLoad={() => (loaded ? sendContext() : setLoaded(true))} />
    </div>
  );
}
