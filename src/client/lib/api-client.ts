import * as z from 'zod/mini';
import { HEADERS, OFFLINE } from '@shared/constants';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import { ApiRequestError } from './api-error';
import { noteCachedAnswer } from './offline/freshness-store';
import { storage } from './storage';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /**
   * The X-Context to send, or null for a call outside any context. Always the caller's to say:
   * the context in the address bar is not the one a query was made for (it is not there yet on
   * a page outside a context, and is already the next one while a client switch renders), so
   * taking it from there sent calls with no context (400) or the old one (403), issue 13.
   */
  context: ContextSlugs | null;
  signal?: AbortSignal;
}

export interface ApiResult<T> {
  data: T;
  headers: Headers;
}

/** The contract headers of every call: CSRF, X-Context, X-Request-ID. */
export function requestHeaders(options: Pick<RequestOptions, 'body' | 'context'>): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  const csrf = storage.csrfToken();
  if (csrf) headers.set(HEADERS.csrf, csrf);
  if (options.context) headers.set(HEADERS.context, formatContext(options.context));
  headers.set(HEADERS.requestId, crypto.randomUUID());
  return headers;
}

/** The one fetch wrapper: adds the contract headers, parses with zod, throws ApiRequestError. */
export async function apiFetch<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions): Promise<ApiResult<z.infer<S>>> {
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'same-origin',
    headers: requestHeaders(options),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await ApiRequestError.fromResponse(response);
  if (response.headers.has(OFFLINE.cachedHeader)) noteCachedAnswer(Date.parse(response.headers.get('date') ?? '') || Date.now());
  const parsed = z.safeParse(schema, await response.json().catch(() => null));
  if (!parsed.success) throw new ApiRequestError(response.status, 'INVALID_RESPONSE', `Unexpected response from ${path}`);
  return { data: parsed.data, headers: response.headers };
}

/** apiFetch for the common case: only the parsed body. */
export async function api<S extends z.ZodMiniType>(path: string, schema: S, options: RequestOptions): Promise<z.infer<S>> {
  return (await apiFetch(path, schema, options)).data;
}

