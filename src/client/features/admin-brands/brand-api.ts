import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@shared/schemas/error';
import { brandInUseSchema, brandResponseSchema, brandsResponseSchema, brandValidationSchema, type BrandUseView, type BrandWrite } from '@shared/schemas/brands';
import { requestHeaders } from '../../lib/api-client';
import { api } from '../../lib/api-client';

/** The brands of a client ('*': all its regions), as Brand Management lists them. */
export const brandKeys = {
  all: (client: string) => ['admin-brands', client] as const,
  list: (client: string, region: string) => ['admin-brands', client, region] as const,
};

export const brandsQueryOptions = (client: string, region: string) =>
  queryOptions({
    queryKey: brandKeys.list(client, region),
    queryFn: async ({ signal }) => (await api(`/api/brands?${new URLSearchParams({ region })}`, brandsResponseSchema, { context: { client }, signal })).data,
    // Admin reads are not kept for offline use: the page says when they cannot be had.
    staleTime: 0,
    meta: { handlesErrors: true },
  });

/**
 * A write refused by the server, with what the page shows of it: the fields the rules named
 * (422) or what uses the brand or product (409 IN_USE). `network` is true when no server answered.
 */
export class BrandWriteError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly uses: BrandUseView[] = [],
    readonly network = false,
  ) {
    super(message);
    this.name = 'BrandWriteError';
  }
}

async function refusal(response: Response): Promise<BrandWriteError> {
  const body: unknown = await response.json().catch(() => null);
  const validation = brandValidationSchema.safeParse(body);
  if (validation.success) return new BrandWriteError(response.status, validation.data.error.code, validation.data.error.message, validation.data.error.details.fields);
  const inUse = brandInUseSchema.safeParse(body);
  if (inUse.success) return new BrandWriteError(response.status, inUse.data.error.code, inUse.data.error.message, {}, inUse.data.error.details.uses);
  const other = apiErrorSchema.safeParse(body);
  return new BrandWriteError(response.status, other.data?.error.code ?? 'HTTP_ERROR', other.data?.error.message ?? `HTTP ${response.status}`);
}

/** One online-only admin write (never the outbox): offline it fails at once and the form keeps its values. */
async function write<S extends z.ZodMiniType>(path: string, method: 'POST' | 'PUT' | 'DELETE', client: string, body: unknown, schema: S | null): Promise<z.infer<S> | null> {
  let response: Response;
  try {
    response = await fetch(path, { method, credentials: 'same-origin', headers: requestHeaders({ body, context: { client } }), body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new BrandWriteError(0, 'NETWORK', 'The network is down: nothing was sent. Your changes are kept; try again when it is back.', {}, [], true);
  }
  if (!response.ok) throw await refusal(response);
  if (!schema) return null;
  const parsed = z.safeParse(schema, await response.json().catch(() => null));
  if (!parsed.success) throw new BrandWriteError(response.status, 'INVALID_RESPONSE', `Unexpected response from ${path}`);
  return parsed.data;
}

export async function saveBrand(client: string, brand: BrandWrite, saved: { id: number; version: number } | null) {
  const answer = saved
    ? await write(`/api/brands/${saved.id}`, 'PUT', client, { brand, version: saved.version }, brandResponseSchema)
    : await write('/api/brands', 'POST', client, { brand }, brandResponseSchema);
  return answer!.data;
}

export async function deleteBrand(client: string, id: number): Promise<void> {
  await write(`/api/brands/${id}`, 'DELETE', client, undefined, null);
}

export async function deleteProduct(client: string, id: number): Promise<void> {
  await write(`/api/products/${id}`, 'DELETE', client, undefined, null);
}
