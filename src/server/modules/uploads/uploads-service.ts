import { checkHeader, checkRow, isBlankRow, norm, UPLOAD_LIMITS, UPLOAD_TEXT, type UploaderDefinition, type UploadIssue } from '@shared/rules/uploads';
import type { CheckedRow } from '@shared/rules/upload-rows';
import { ERROR_CODES } from '@shared/schemas/error';
import type { UploadResult } from '@shared/schemas/uploads';
import type { Db } from '../../db/client';
import type { DataManager } from '../../engine/data-manager';
import { AppError, unavailable } from '../../lib/errors';
import type { RequestAuth, RequestContext } from '../../types';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import { applyExplore } from './apply-explore';
import { applyGrow } from './apply-grow';
import { applyJourneys } from './apply-journeys';
import { ReadBusyError, readInWorker } from './read-in-worker';

/**
 * An upload from file to database (spec 2 §4, §5, §7; issue 29; decision 020): the workbook is
 * read in its own thread, row 1 must be the template's header, every row is checked by the
 * uploader's rules, and rows naming a brand or product the caller cannot reach in the X-Context
 * region stop the whole upload (spec 2 §5: errors stop nothing "if brands, products and format
 * are valid"). The valid rows are then applied per product by the uploader, one transaction per
 * entity, through the screens' own claims, versions and audit; a row in error is not applied.
 */

/** The caller and the X-Context client and region; `db` is the root (each entity has its own transaction). */
export interface UploadScope {
  db: Db;
  auth: RequestAuth;
  ctx: RequestContext;
  data: DataManager;
  requestId: string;
}

/** A product of the upload, with the context that its writes run in (as if the page were on it). */
export interface ProductGroup {
  ctx: RequestContext;
  brandName: string;
  productName: string;
  rows: CheckedRow[];
}

/** What applying an uploader's rows gives: what changed, the issues, and rows that changed nothing. */
export interface Applied {
  updated: UploadResult['data']['updated'];
  issues: UploadIssue[];
}

const APPLY: Record<UploaderDefinition['key'], (scope: UploadScope, groups: ProductGroup[]) => Promise<Applied>> = {
  grow: applyGrow,
  journeys: applyJourneys,
  explore: applyExplore,
};

const byRowThenColumn = (a: UploadIssue, b: UploadIssue) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? '').localeCompare(b.column ?? '');

function answer(rows: number, issues: UploadIssue[], updated: Applied['updated']): UploadResult {
  const sorted = [...issues].sort(byRowThenColumn);
  const errorRows = new Set(sorted.map((i) => i.row));
  return {
    data: {
      updated,
      rows,
      applied: Math.max(0, rows - [...errorRows].filter((r) => r !== null).length),
      more_errors: Math.max(0, sorted.length - UPLOAD_LIMITS.errorsListed),
    },
    errors: sorted.slice(0, UPLOAD_LIMITS.errorsListed),
  };
}

/** The products of the X-Context region the caller reaches, by brand and product name (the survey uploads use it too). */
export async function reachable(scope: UploadScope) {
  const client = (await hierarchyFor(scope.db, scope.auth)).find((c) => c.id === scope.ctx.clientId);
  const region = client?.regions.find((r) => r.id === scope.ctx.regionId);
  const brands = new Map<string, { id: number; name: string; slug: string; products: Map<string, { id: number; name: string; slug: string }> }>();
  for (const b of region?.brands ?? []) {
    brands.set(norm(b.name), { id: b.id, name: b.name, slug: b.slug, products: new Map(b.products.map((p) => [norm(p.name), { id: p.id, name: p.name, slug: p.slug }])) });
  }
  return brands;
}

export async function runUpload(scope: UploadScope, uploader: UploaderDefinition, bytes: Uint8Array): Promise<UploadResult> {
  let read;
  try {
    read = await readInWorker({ bytes, sheet: uploader.sheet, columns: uploader.columns.length });
  } catch (err) {
    if (err instanceof ReadBusyError) throw unavailable(err.message);
    throw err;
  }
  if (!read.ok) throw new AppError(read.status, read.status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.validation, read.message);
  const headerProblem = checkHeader(uploader, read.header);
  if (headerProblem) throw new AppError(422, ERROR_CODES.validation, headerProblem);

  const issues: UploadIssue[] = read.merged.map((m) => ({ column: m.column, row: m.row, message: UPLOAD_TEXT.merged(m.range) }));
  const mergedRows = new Set(read.merged.map((m) => m.row));
  const checked: CheckedRow[] = [];
  let rows = 0;
  read.rows.forEach((cells, i) => {
    if (isBlankRow(cells, uploader)) return;
    rows++;
    const row = i + 2;
    const { values, issues: own } = checkRow(uploader, cells, row);
    issues.push(...own);
    if (!mergedRows.has(row)) checked.push({ row, values });
  });
  if (rows === 0) throw new AppError(422, ERROR_CODES.validation, UPLOAD_TEXT.noRows);

  // Brands and products first: one the caller cannot reach here stops the whole upload.
  const brands = await reachable(scope);
  const stoppers: UploadIssue[] = [];
  const groups = new Map<number, ProductGroup>();
  for (const row of checked) {
    const brandName = row.values.brand;
    const productName = row.values.product;
    if (typeof brandName !== 'string' || typeof productName !== 'string') continue;
    const brand = brands.get(norm(brandName));
    if (!brand) {
      stoppers.push({ column: 'A', row: row.row, message: UPLOAD_TEXT.unknownBrand(brandName) });
      continue;
    }
    const product = brand.products.get(norm(productName));
    if (!product) {
      stoppers.push({ column: 'B', row: row.row, message: UPLOAD_TEXT.unknownProduct(productName, brand.name) });
      continue;
    }
    const group = groups.get(product.id) ?? {
      ctx: { ...scope.ctx, brandId: brand.id, brandSlug: brand.slug, productId: product.id, productSlug: product.slug },
      brandName: brand.name,
      productName: product.name,
      rows: [],
    };
    group.rows.push(row);
    groups.set(product.id, group);
  }
  if (stoppers.length > 0) {
    const stopped = answer(rows, [...stoppers, ...issues], []);
    return { data: { ...stopped.data, applied: 0 }, errors: [{ column: null, row: null, message: UPLOAD_TEXT.stoppedByNames }, ...stopped.errors] };
  }
  // Rows with a cell in error still apply their valid fields; the uploader skips what is missing.
  const applied = await APPLY[uploader.key](scope, [...groups.values()]);
  return answer(rows, [...issues, ...applied.issues], applied.updated);
}
