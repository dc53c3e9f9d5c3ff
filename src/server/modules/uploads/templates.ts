import type { FastifyReply } from 'fastify';
import * as XLSX from 'xlsx';
import { ALL_DATA_PERSONA_NAME } from '@shared/rules/explore';
import { isFormulaLike } from '@shared/rules/index-report';
import { UPLOAD_LIMITS, type Figure, type UploaderDefinition } from '@shared/rules/uploads';
import { chartScope, type GrowScope } from '../grow/grow-common';
import * as grow from '../grow/grow-repository';
import { contextClientRegion } from '../insights/insights-service';
import * as journeys from '../journeys/journeys-repository';
import * as explore from '../explore/explore-repository';
import { hierarchyFor } from '../hierarchy/hierarchy-service';
import { attachment } from '../../lib/content-disposition';
import { categoriesOf, firstCategoryValues } from './uploads-repository';
import type { UploadScope } from './uploads-service';

/**
 * The uploaders' templates (spec 2 §5, §7; issue 29): the header of the uploader's columns, the
 * context region's current figures (so downloading, changing one number and uploading changes
 * exactly that figure), an example block where there are none yet, and, to the right after a
 * blank column, the allowed values: every brand and product of the region the caller reaches and
 * the region's demographic categories. Written as .xls (BIFF8, what step 2 opens and step 3
 * takes back), .xlsx or .csv.
 */

type Value = string | number | null;
type Row = Value[];

interface Product {
  brand: string;
  product: string;
  scope: GrowScope;
}

async function productsOf(scope: UploadScope): Promise<Product[]> {
  const client = (await hierarchyFor(scope.db, scope.auth)).find((c) => c.id === scope.ctx.clientId);
  const region = client?.regions.find((r) => r.id === scope.ctx.regionId);
  return (region?.brands ?? []).flatMap((b) => b.products.map((p) => ({
    brand: b.name,
    product: p.name,
    scope: { ...scope, ctx: { ...scope.ctx, brandId: b.id, brandSlug: b.slug, productId: p.id, productSlug: p.slug } },
  })));
}

/** The figure columns of a row: attribute, its position, value, percent. */
const figureCells = (f: Figure, position: number): Row => [f.attribute, f.value, position, f.count, f.percent];

async function growRows(scope: UploadScope, example: { category: string; values: string[] } | null): Promise<Row[]> {
  const out: Row[] = [];
  let first: Row | null = null;
  for (const p of await productsOf(scope)) {
    const charts = await grow.listCharts(scope.db, chartScope(p.scope.ctx));
    const audiences = await grow.audiencesOf(scope.db, charts.map((c) => c.id));
    for (const chart of charts) {
      const markets = await grow.marketsOf(scope.db, chart.id);
      markets.forEach((m, mi) => {
        audiences.filter((a) => a.marketId === m.id).forEach((a, ai) => {
          const lead: Row = [p.brand, p.product, chart.name, m.name, mi + 1, a.name, ai + 1];
          first ??= lead;
          const positions = new Map<string, number>();
          for (const f of a.demographics) {
            const position = (positions.get(f.attribute) ?? 0) + 1;
            positions.set(f.attribute, position);
            // Column M: the audience's discussion cluster, on each of its rows (issue 30).
            out.push([...lead, ...figureCells(f, position), a.discussionClusterNodeId]);
          }
        });
      });
    }
  }
  if (out.length === 0 && first && example) {
    example.values.forEach((value, i) => out.push([...first!, example.category, value, i + 1, null, null]));
  }
  return out;
}

async function journeyRows(scope: UploadScope, example: { category: string; values: string[] } | null): Promise<Row[]> {
  const out: Row[] = [];
  const clientRegionId = await contextClientRegion(scope);
  const fallbackCategory = example?.category ?? null;
  for (const p of await productsOf(scope)) {
    const rows = await journeys.listJourneys(scope.db, chartScope(p.scope.ctx));
    const items = await journeys.itemsOf(scope.db, rows.map((r) => r.id));
    const shortIds = items.cells.flatMap((c) => [c.matchedId, c.modeledId].filter((x): x is number => x !== null));
    // Deleted segments are left blank: a blank changes nothing, and the upload takes only live ones.
    const identifiers = new Map((await grow.segmentsOf(scope.db, clientRegionId, shortIds)).filter((s) => !s.deleted).map((s) => [s.shortId, s.identifier]));
    for (const j of rows) {
      const brands = items.brands.filter((b) => b.journeyId === j.id);
      const stages = items.stages.filter((s) => s.journeyId === j.id);
      brands.forEach((b, bi) => stages.forEach((s, si) => {
        const cell = items.cells.find((c) => c.journeyBrandId === b.id && c.journeyStageId === s.id);
        if (!cell) return;
        const lead: Row = [p.brand, p.product, j.name, b.name, bi + 1, s.name, si + 1];
        // The cell's own fields ride on its first row: uploading it back sets them as they are.
        const extras: Row = [cell.population, cell.matchedId === null ? null : identifiers.get(cell.matchedId) ?? null, cell.modeledId === null ? null : identifiers.get(cell.modeledId) ?? null];
        const positions = new Map<string, number>();
        if (cell.demographics.length === 0) {
          out.push([...lead, fallbackCategory, null, null, null, null, ...extras]);
          return;
        }
        cell.demographics.forEach((f, i) => {
          const position = (positions.get(f.attribute) ?? 0) + 1;
          positions.set(f.attribute, position);
          out.push([...lead, ...figureCells(f, position), ...(i === 0 ? extras : [null, null, null])]);
        });
      }));
    }
  }
  if (example && out.every((r) => r[8] === null) && out.length > 0) {
    const lead = out[0]!.slice(0, 7);
    example.values.forEach((value, i) => out.push([...lead, example.category, value, i + 1, null, null, null, null, null]));
  }
  return out;
}

async function exploreRows(scope: UploadScope, example: { category: string; values: string[] } | null): Promise<Row[]> {
  const out: Row[] = [];
  let first: Row | null = null;
  for (const p of await productsOf(scope)) {
    first ??= [p.brand, p.product];
    const persona = await explore.ensureAllData(scope.db, chartScope(p.scope.ctx), ALL_DATA_PERSONA_NAME);
    for (const w of (await explore.widgetsOf(scope.db, persona.id)).filter((x) => x.kind === 'market')) {
      w.rows.forEach((r, i) => out.push([p.brand, p.product, w.tab, w.name, i + 1, r.attribute, r.value, r.count, r.percent]));
    }
  }
  if (out.length === 0 && first && example) {
    example.values.forEach((value, i) => out.push([...first!, 'Demographics', example.category, i + 1, example.category, value, null, null]));
  }
  return out;
}

const ROWS = { grow: growRows, journeys: journeyRows, explore: exploreRows } as const;

/** The sheet's rows: header, data, and the allowed values to the right after one blank column. */
export async function templateRows(scope: UploadScope, uploader: UploaderDefinition): Promise<Row[]> {
  const clientRegionId = await contextClientRegion(scope);
  const example = await firstCategoryValues(scope.db, clientRegionId);
  const data = (await ROWS[uploader.key](scope, example)).slice(0, UPLOAD_LIMITS.rows);
  const allowed: Row[] = [
    ['Allowed Brand', 'Allowed Product', 'Allowed Demographics Category'],
  ];
  const products = await productsOf(scope);
  const categories = await categoriesOf(scope.db, clientRegionId);
  for (let i = 0; i < Math.max(products.length, categories.length); i++) {
    allowed.push([products[i]?.brand ?? null, products[i]?.product ?? null, categories[i]?.name ?? null]);
  }
  const width = uploader.columns.length;
  const rows: Row[] = [uploader.columns.map((c) => c.header), ...data];
  return Array.from({ length: Math.max(rows.length, allowed.length) }, (_, i) => {
    const left = rows[i] ?? [];
    return [...left, ...Array<Value>(width - left.length).fill(null), null, ...(allowed[i] ?? [])];
  });
}

export type TemplateFormat = 'xls' | 'xlsx' | 'csv';

export const TEMPLATE_TYPES: Record<TemplateFormat, string> = {
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The workbook file. Text is written as text cells (never formulas); in CSV a formula-like name gets a protecting apostrophe, which the reader takes off. */
export function templateFile(uploader: Pick<UploaderDefinition, 'sheet'>, rows: Row[], format: TemplateFormat): Buffer {
  const cells = rows.map((r) => r.map((v) => (format === 'csv' && typeof v === 'string' && isFormulaLike(v) ? `'${v}` : v)));
  const sheet = XLSX.utils.aoa_to_sheet(cells);
  sheet['!cols'] = rows[0]!.map((h) => ({ wch: Math.max(12, Math.min(40, String(h ?? '').length + 2)) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, uploader.sheet.slice(0, 31));
  if (format === 'csv') return Buffer.from(`\uFEFF${XLSX.utils.sheet_to_csv(sheet)}`, 'utf-8');
  return XLSX.write(book, { bookType: format === 'xls' ? 'biff8' : 'xlsx', type: 'buffer', compression: true }) as Buffer;
}

/** Sends a template as the download it is (spec 2 §7): its type, its file name, never cached. */
export function sendTemplate(reply: FastifyReply, name: string, format: TemplateFormat, bytes: Buffer) {
  return reply
    .type(TEMPLATE_TYPES[format])
    .header('content-disposition', attachment(`${name}.${format}`))
    .header('cache-control', 'private, no-store')
    .send(bytes as never);
}
