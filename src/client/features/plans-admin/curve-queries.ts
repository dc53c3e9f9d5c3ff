import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ContextSlugs } from '@shared/rules/context';
import {
  createCurvesResponseSchema,
  curveListResponseSchema,
  curveTypesResponseSchema,
  type CreateCurvesResult,
  type Curve,
  type CurveInput,
} from '@shared/schemas/plans';
import { api } from '../../lib/api-client';
import { curveKeys, productCurvesQueryOptions as sharedProductCurves } from '../../lib/plan-queries';

const CURVES_PATH = '/api/curves';

export { curveKeys } from '../../lib/plan-queries';

// Each source's failure is said on the page by its own line (spec 2 §8), not by the shell's banner.
const meta = { handlesErrors: true };

/**
 * The product's own curves, read afresh each time the page opens: the editor starts from them,
 * and a copy restored from the device may predate the last Apply.
 */
export const productCurvesQueryOptions = (context: ContextSlugs) => ({ ...sharedProductCurves(context), refetchOnMount: 'always' as const });

/** The generic curve library: one curve per media type. */
export const genericCurvesQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: curveKeys.generic(context),
    queryFn: async ({ signal }): Promise<Curve[]> => (await api(`${CURVES_PATH}/generic`, curveListResponseSchema, { context, signal })).data,
    staleTime: 10 * 60_000,
    meta,
  });

/** The curve types, by name (spec 2 §7: an object whose keys are the names). */
export const curveTypesQueryOptions = (context: ContextSlugs) =>
  queryOptions({
    queryKey: curveKeys.types(context),
    queryFn: async ({ signal }) => (await api(`${CURVES_PATH}/types`, curveTypesResponseSchema, { context, signal })).data,
    staleTime: 60 * 60_000,
    meta,
  });

/** Apply: the product's curves become the valid ones sent; each refused one is named by its index. */
export async function applyCurves(context: ContextSlugs, curves: CurveInput[]): Promise<CreateCurvesResult> {
  return (await api(CURVES_PATH, createCurvesResponseSchema, { method: 'POST', body: { curves }, context })).data;
}

export async function deleteCurve(context: ContextSlugs, id: number): Promise<void> {
  await api(`${CURVES_PATH}/${id}`, z.unknown(), { method: 'DELETE', context });
}
