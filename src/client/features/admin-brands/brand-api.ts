import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { brandResponseSchema, brandsResponseSchema, type BrandWrite } from '@shared/schemas/brands';
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

/** What a brand write that never reached the server adds to its failure (admin writes are online-only). */
export const BRAND_UNREACHABLE = 'The network is down: nothing was sent. Your changes are kept; try again when it is back.';

/**
 * One online-only admin write (never the outbox): offline it fails at once and the form keeps its
 * values. A refusal throws ApiRequestError (fieldErrors / inUseList read its details).
 */
const write = <S extends z.ZodMiniType>(path: string, method: 'POST' | 'PUT' | 'DELETE', client: string, body: unknown, schema: S) =>
  api(path, schema, { method, body, context: { client } });

export async function saveBrand(client: string, brand: BrandWrite, saved: { id: number; version: number } | null) {
  const answer = saved
    ? await write(`/api/brands/${saved.id}`, 'PUT', client, { brand, version: saved.version }, brandResponseSchema)
    : await write('/api/brands', 'POST', client, { brand }, brandResponseSchema);
  return answer.data;
}

export async function deleteBrand(client: string, id: number): Promise<void> {
  await write(`/api/brands/${id}`, 'DELETE', client, undefined, z.unknown());
}

export async function deleteProduct(client: string, id: number): Promise<void> {
  await write(`/api/products/${id}`, 'DELETE', client, undefined, z.unknown());
}
