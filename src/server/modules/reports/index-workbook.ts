import { INDEX_BANDS, indexBand } from '@shared/rules/index-report';
import { INSIGHT_LIMITS } from '@shared/rules/insights';
import { writeWorkbook, type Cell, type CellStyle, type SheetSpec } from '@shared/xlsx/workbook-writer';

/** One value of a category, as the insights widget gives it, plus the base's people with it. */
export interface IndexReportRow {
  name: string;
  count: number;
  base_count: number;
  share: number;
  base_share: number;
  index: number | null;
  z_score: number | null;
  significant: boolean;
  small_sample: boolean;
}

/** What an index report says: the cover's facts and one table per category. */
export interface IndexReportData {
  name: string;
  /** The product context: its slug path and its names. */
  context: { slug: string; name: string };
  origin: string | null;
  audience: { name: string; rule: string; size: number };
  base: { name: string; rule: string | null; size: number };
  dataSource: string;
  requestedBy: string;
  createdAt: Date;
  /** When the region's audience data was last made. */
  asOf: Date | null;
  categories: { name: string; rows: IndexReportRow[] }[];
}

export const COVER_SHEET = 'Report';
export const CATEGORY_HEADER = ['Value', 'Audience count', 'Audience share', 'Base count', 'Base share', 'Index', 'Z-score', 'Significant', 'Small sample'] as const;

const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const text = (value: string | null, style?: CellStyle): Cell => ({ value, style });
const num = (value: number | null, style: CellStyle): Cell => ({ value, style });

function coverSheet(data: IndexReportData): SheetSpec {
  const line = (label: string, value: Cell): (Cell | null)[] => [text(label, 'label'), value];
  const rows: (Cell | null)[][] = [
    [text(data.name, 'title')],
    [],
    line('Context', text(data.context.name)),
    line('Context path', text(data.context.slug)),
    ...(data.origin ? [line('Asked from', text(data.origin))] : []),
    line('Audience', text(data.audience.name)),
    line('Audience rule', text(data.audience.rule)),
    line('Audience size', num(data.audience.size, 'count')),
    line('Compared with', text(data.base.name)),
    ...(data.base.rule ? [line('Base rule', text(data.base.rule))] : []),
    line('Base size', num(data.base.size, 'count')),
    line('Data source', text(data.dataSource)),
    line('Created', text(stamp(data.createdAt))),
    line('Data as of', text(data.asOf ? stamp(data.asOf) : 'unknown')),
    line('Requested by', text(data.requestedBy)),
    line('Categories', text(data.categories.map((c) => c.name).join(', '))),
    [],
    [text('How to read it', 'label')],
    [text(`Index = 100 x audience share / base share. Green: significant and at least ${INDEX_BANDS.high}; red: significant and at most ${INDEX_BANDS.low}.`)],
    [text(`Significant: the audience differs from the rest of the base at 95 % (|z| >= ${INSIGHT_LIMITS.zCritical}). Small sample: fewer than ${INSIGHT_LIMITS.smallSample} people of the audience have the value.`)],
  ];
  return { name: COVER_SHEET, rows, widths: [18, 90] };
}

function categorySheet(category: IndexReportData['categories'][number]): SheetSpec {
  const header = CATEGORY_HEADER.map((h) => text(h, 'header'));
  const rows = category.rows.map((r) => {
    const band = indexBand(r.index, r.significant);
    return [
      text(r.name),
      num(r.count, 'count'),
      num(r.share, 'percent'),
      num(r.base_count, 'count'),
      num(r.base_share, 'percent'),
      num(r.index, band === 'high' ? 'indexHigh' : band === 'low' ? 'indexLow' : 'index'),
      num(r.z_score, 'decimal'),
      text(r.significant ? 'Yes' : 'No'),
      text(r.small_sample ? 'Yes' : 'No'),
    ];
  });
  return { name: category.name, rows: [header, ...rows], widths: [32, 15, 15, 15, 12, 8, 9, 12, 13], freezeHeader: true };
}

/** The report as an .xlsx file: a cover sheet, then a sheet per category. */
export function indexWorkbook(data: IndexReportData): Buffer {
  return Buffer.from(writeWorkbook([coverSheet(data), ...data.categories.map(categorySheet)], { title: data.name }));
}
