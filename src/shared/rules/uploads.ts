/**
 * The spreadsheet uploaders (spec 2 §2, §4, §5, §7, §8, §9; issue 29; decision 020): what each
 * template's columns are, the rules the page lists word for word, the limits, and the checks of
 * one row. Pure, so the page, the template the server writes and the server's checks agree.
 *
 * A row is read as the user sees it in the spreadsheet: the header is row 1, columns by letter.
 */

import type { UploaderKey, UploaderPage } from './access';

export type { UploaderKey, UploaderPage };

export const UPLOAD_LIMITS = {
  /** The largest file the server reads (a 100,000-row .xls template is about 14 MB). */
  bytes: 25 * 1024 * 1024,
  /** Data rows below the header. */
  rows: 100_000,
  /** Cells in the sheet's used range (rows x columns), including the allowed-values columns. */
  cells: 2_500_000,
  /** Bytes a zipped workbook (.xlsx) may expand to; more is a zip bomb, refused unread. */
  unzippedBytes: 200 * 1024 * 1024,
  /** How long reading a workbook may take before it is given up. */
  parseMs: 60_000,
  /** Heap of the thread that reads a workbook: a file that needs more is refused, the API is not touched. */
  parseHeapMb: 768,
  /** Errors listed in one answer (the rest are counted). */
  errorsListed: 1_000,
  /** Figures (category x attribute) of one audience or journey cell. */
  figuresPerItem: 400,
  /** Longest name in a cell. */
  textMax: 200,
  /** Positions run from 1 to this. */
  positionMax: 10_000,
  valueMax: 10_000_000_000,
} as const;

export const UPLOAD_TEXT = {
  complete: 'Upload complete',
  completeExplore: 'Upload Complete',
  errorsTitle: 'Errors found in Uploaded Template',
  required: (header: string) => `${header} is required.`,
  notText: (header: string) => `${header} must be text.`,
  tooLong: (header: string) => `${header} can be at most ${UPLOAD_LIMITS.textMax} characters.`,
  control: (header: string) => `${header} cannot contain control characters.`,
  position: (header: string) => `${header} must be a whole number from 1 to ${UPLOAD_LIMITS.positionMax}.`,
  id: (header: string) => `${header} must be an ID as the product shows it: a whole number from 1.`,
  number: (header: string) => `${header} must be a number of 0 or more.`,
  wholeNumber: (header: string) => `${header} must be a whole number of 0 or more.`,
  tooLarge: (header: string) => `${header} is too large.`,
  percent: (header: string) => `${header} must be a number from 0 to 100.`,
  date: (header: string) => `${header} holds a date; type the number itself.`,
  /** A spreadsheet program turns '18-24' typed into a cell into a date. */
  dateInText: (header: string) => `${header} holds a date (a spreadsheet program may have turned text such as 18-24 into one); type it again starting with an apostrophe, e.g. '18-24.`,
  formula: (header: string) => `${header} holds a formula; type the value itself (formulas are not read).`,
  errorCell: (header: string) => `${header} holds a spreadsheet error.`,
  valueOrPercent: "Give an 'Attribute Value' or an 'Attribute Percent'.",
  notBoth: "Use either 'Attribute Value' or 'Attribute Percent', not both.",
  merged: (range: string) => `Cells ${range} are merged; unmerge them so that each row has its own value.`,
  nothingToSet: "The row sets nothing: give an 'Attribute' with its value or percent, a 'Population' or a segment.",
  attributeWithoutCategory: "An 'Attribute' needs its 'Demographics Category'.",
  valueWithoutAttribute: "A value or percent needs its 'Attribute'.",
  unknownBrand: (name: string) => `There is no brand <b>${escapeHtml(name)}</b> for this client.`,
  unknownProduct: (name: string, brand: string) => `There is no product <b>${escapeHtml(name)}</b> of ${escapeHtml(brand)} in this region.`,
  unknownChart: (name: string, product: string) => `There is no Grow chart <b>${escapeHtml(name)}</b> for ${escapeHtml(product)} in this region.`,
  unknownMarket: (name: string, chart: string) => `There is no market <b>${escapeHtml(name)}</b> in the chart ${escapeHtml(chart)}.`,
  unknownAudience: (name: string, market: string) => `There is no audience <b>${escapeHtml(name)}</b> in the market ${escapeHtml(market)}.`,
  unknownJourney: (name: string, product: string) => `There is no journey <b>${escapeHtml(name)}</b> for ${escapeHtml(product)} in this region.`,
  unknownJourneyBrand: (name: string, journey: string) => `There is no brand <b>${escapeHtml(name)}</b> in the journey ${escapeHtml(journey)}.`,
  unknownStage: (name: string, journey: string) => `There is no stage <b>${escapeHtml(name)}</b> in the journey ${escapeHtml(journey)}.`,
  unknownCategory: (name: string) => `There is no demographics category <b>${escapeHtml(name)}</b> in this region.`,
  unknownDiscussion: (id: number) => `There is no discussion cluster <b>${id}</b> for this client: Discussions Upload lists each cluster's ID.`,
  unknownSegment: (id: string) => `There is no segment <b>${escapeHtml(id)}</b> in this region.`,
  tooManyFigures: `An audience or stage can have at most ${UPLOAD_LIMITS.figuresPerItem} attributes.`,
  tooManyWidgetRows: (max: number) => `A widget can have at most ${max} attributes.`,
  tooManyWidgets: (max: number) => `A persona can have at most ${max} custom widgets.`,
  stoppedByNames: 'Nothing was updated: every row must name a brand and product of this client in this region that you can reach.',
  // structure: the whole file is refused, nothing changes
  notWorkbook: 'This file is not a spreadsheet: upload the template saved as .xls (or .xlsx or .csv).',
  unreadable: 'This workbook could not be read. Save it again as .xls from your spreadsheet program and upload that.',
  encrypted: 'This workbook is password protected. Save it without a password and upload it again.',
  noSheet: (sheet: string) => `This workbook has no sheet named '${sheet}'. Upload the template's sheet.`,
  emptySheet: 'The sheet is empty: it has no header row.',
  noRows: 'The sheet has a header but no rows to upload.',
  badHeader: (letter: string, expected: string, found: string) =>
    `Column ${letter} of row 1 should be '${expected}' but is '${found.length > 60 ? `${found.slice(0, 60)}…` : found}'. Download the template again and keep its header row.`,
  tooBig: `The file is larger than ${UPLOAD_LIMITS.bytes / 1024 / 1024} MB, the most an upload may be.`,
  tooManyRows: (rows: number | null) =>
    `The sheet has ${rows === null ? 'more than' : ''}${rows === null ? ` ${UPLOAD_LIMITS.rows.toLocaleString('en-US')}` : rows.toLocaleString('en-US')} rows; an upload may have at most ${UPLOAD_LIMITS.rows.toLocaleString('en-US')}.`,
  tooManyCells: (cells: number) => `The sheet has ${cells.toLocaleString('en-US')} cells; an upload may have at most ${UPLOAD_LIMITS.cells.toLocaleString('en-US')}.`,
  zipBomb: `The workbook would expand to more than ${UPLOAD_LIMITS.unzippedBytes / 1024 / 1024} MB when opened; it is refused unread.`,
  tooSlow: `Reading the workbook took longer than ${UPLOAD_LIMITS.parseMs / 1000} s, the most an upload may take.`,
  tooMuchMemory: `Reading the workbook needed more than ${UPLOAD_LIMITS.parseHeapMb} MB of memory, the most an upload may use.`,
  busy: 'Another upload is being read; try again in a moment.',
} as const;

/** The line under an upload's file picker: '1 of 2 rows applied; 1 error, listed below.' */
export function appliedLine(applied: number, rows: number, errors: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  return `${n(applied)} of ${n(rows)} ${rows === 1 ? 'row' : 'rows'} applied; ${errors === 0 ? 'no errors' : `${n(errors)} ${errors === 1 ? 'error' : 'errors'}, listed below`}.`;
}

/** Escapes text a user typed before it is put in an error message that may be rendered as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// ---- columns ------------------------------------------------------------------------------------

/** How a column's cells are read. */
/** 'id': a record's ID as the product shows it (a discussion cluster's), a whole number from 1. */
export type ColumnType = 'text' | 'position' | 'value' | 'percent' | 'id';

export interface UploadColumn {
  /** A, B, ... as the spreadsheet names it. */
  letter: string;
  header: string;
  key: string;
  type: ColumnType;
  required: boolean;
}

export interface UploaderDefinition {
  key: UploaderKey;
  page: UploaderPage;
  /** The resource besides `upload` CRUD that opens the page (spec 2 §6). */
  permission: 'upload_mekkos' | 'upload_journeys' | 'upload_personas';
  /** The path under /api/uploads/ of its template (GET .../template) and its upload (POST). */
  apiPath: 'mekkos' | 'journeys' | 'personas';
  /** The download's name without extension (spec 2 §7). */
  templateName: string;
  /** The sheet the template's rows are on. */
  sheet: string;
  columns: readonly UploadColumn[];
  /** The rules the page lists, word for word (spec 2 §5). */
  rules: readonly string[];
  /** The success toast (spec 2 §8, §9). */
  completeText: string;
  completeMs: number;
  /** The failure toast (spec 2 §8, §9). */
  failureMs: number;
}

const letterOf = (index: number): string => String.fromCharCode(65 + index);

export function columns(spec: readonly [header: string, key: string, type: ColumnType, required: boolean][]): UploadColumn[] {
  return spec.map(([header, key, type, required], i) => ({ letter: letterOf(i), header, key, type, required }));
}

const JOURNEY_RULES = [
  'Affects the current client and region.',
  'Columns A-H required, I-O optional.',
  'One line per demographic attribute value, with matching brand, product, journey name and stage name.',
  'A list of updated journeys and stages is shown.',
  'Errors do not stop the upload (if brands, products and format are valid), but the row or field in error is not updated.',
  'Position columns are numeric: stages left to right from 1, brands and attributes top to bottom from 1.',
  "Percentages go in 'Attribute Percent'. Use either 'Attribute Value' or 'Attribute Percent', not both.",
] as const;

export const UPLOADERS: Record<UploaderKey, UploaderDefinition> = {
  grow: {
    key: 'grow',
    page: 'mekkos_upload',
    permission: 'upload_mekkos',
    apiPath: 'mekkos',
    templateName: 'GrowChart_Template',
    sheet: 'GrowChart_Template',
    columns: columns([
      ['Brand', 'brand', 'text', true],
      ['Product', 'product', 'text', true],
      ['Chart Name', 'chart', 'text', true],
      ['Market Name', 'market', 'text', true],
      ['Market Position', 'marketPosition', 'position', true],
      ['Audience Name', 'audience', 'text', true],
      ['Audience Position', 'audiencePosition', 'position', false],
      ['Demographics Category', 'category', 'text', true],
      ['Attribute', 'attribute', 'text', true],
      ['Attribute Position', 'attributePosition', 'position', true],
      ['Attribute Value', 'value', 'value', false],
      ['Attribute Percent', 'percent', 'percent', false],
      // Issue 30: the ID a discussion cluster shows on Discussions Upload, set on the audience.
      ['Discussion Cluster ID', 'discussion', 'id', false],
    ]),
    rules: [
      'Affects the current client and region.',
      'The same as Journeys, but columns A-K are required except G, keyed on brand, market and audience names.',
      'One line per demographic attribute value, with matching brand, product, chart name, market name and audience name.',
      'A list of updated charts, markets and audiences is shown.',
      JOURNEY_RULES[4],
      'Position columns are numeric: markets left to right from 1, audiences and attributes top to bottom from 1.',
      JOURNEY_RULES[6],
    ],
    completeText: UPLOAD_TEXT.complete,
    completeMs: 4_000,
    failureMs: 6_000,
  },
  journeys: {
    key: 'journeys',
    page: 'journeys_upload',
    permission: 'upload_journeys',
    apiPath: 'journeys',
    templateName: 'Journey_Template',
    sheet: 'Journey_Template',
    columns: columns([
      ['Brand', 'brand', 'text', true],
      ['Product', 'product', 'text', true],
      ['Journey Name', 'journey', 'text', true],
      ['Journey Brand Name', 'journeyBrand', 'text', true],
      ['Journey Brand Position', 'journeyBrandPosition', 'position', true],
      ['Stage Name', 'stage', 'text', true],
      ['Stage Position', 'stagePosition', 'position', true],
      ['Demographics Category', 'category', 'text', true],
      ['Attribute', 'attribute', 'text', false],
      ['Attribute Position', 'attributePosition', 'position', false],
      ['Attribute Value', 'value', 'value', false],
      ['Attribute Percent', 'percent', 'percent', false],
      ['Population', 'population', 'value', false],
      ['Matched Segment ID', 'matched', 'text', false],
      ['Modeled Segment ID', 'modeled', 'text', false],
    ]),
    rules: JOURNEY_RULES,
    completeText: UPLOAD_TEXT.complete,
    completeMs: 4_000,
    failureMs: 6_000,
  },
  explore: {
    key: 'explore',
    page: 'personas_upload',
    permission: 'upload_personas',
    apiPath: 'personas',
    templateName: 'Persona_Template',
    sheet: 'Persona_Template',
    columns: columns([
      ['Brand', 'brand', 'text', true],
      ['Product', 'product', 'text', true],
      ['Tab Name', 'tab', 'text', true],
      ['Widget Name', 'widget', 'text', true],
      ['Position', 'attributePosition', 'position', false],
      ['Demographics Category', 'category', 'text', true],
      ['Attribute', 'attribute', 'text', true],
      ['Attribute Value', 'value', 'value', false],
      ['Attribute Percent', 'percent', 'percent', false],
    ]),
    rules: [
      "Affects only custom Market Level widgets under the 'All Data' persona.",
      'Columns A-G required except E.',
      'One line per attribute, with matching brand, product, tab name and demographics category. Position is numeric from 1.',
      JOURNEY_RULES[4],
      JOURNEY_RULES[6],
    ],
    completeText: UPLOAD_TEXT.completeExplore,
    completeMs: 6_000,
    failureMs: 6_000,
  },
};

// ---- cells --------------------------------------------------------------------------------------

/**
 * A cell as the reading thread hands it over: plain text, number or boolean, or what the row
 * check refuses by name (a date, a formula, a spreadsheet error). Empty cells are null.
 */
export type SheetCell = null | string | number | boolean | { date: string } | { formula: string } | { error: string };

/** An error of one cell or row, as the errors panel lists it (spec 2 §3): no column or row gives a dash. */
export interface UploadIssue {
  column: string | null;
  row: number | null;
  message: string;
}

/** A cell's value after its column's check. */
export type RowValues = Record<string, string | number | null>;

const CONTROL = /\p{Cc}/u;
const NUMERIC = /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$|^[-+]?\.\d+$/;

/** A number typed as text ('1,250', '12.5', '40%' in a percent column), or null when it is not one. */
function numberOf(raw: string, percent: boolean): number | null {
  let s = raw.trim();
  if (percent && s.endsWith('%')) s = s.slice(0, -1).trim();
  if (!NUMERIC.test(s)) return null;
  return Number(s.replace(/,/g, ''));
}

/** One cell against its column's type and whether it is required: its value, or the message of what is wrong. */
export function checkCell(column: UploadColumn, cell: SheetCell): { value: string | number | null; message: string | null } {
  if (cell === null || (typeof cell === 'string' && cell.trim() === '')) {
    return { value: null, message: column.required && column.type !== 'value' ? UPLOAD_TEXT.required(column.header) : null };
  }
  if (typeof cell === 'object') {
    if ('date' in cell) return { value: null, message: column.type === 'text' ? UPLOAD_TEXT.dateInText(column.header) : UPLOAD_TEXT.date(column.header) };
    if ('formula' in cell) return { value: null, message: UPLOAD_TEXT.formula(column.header) };
    return { value: null, message: UPLOAD_TEXT.errorCell(column.header) };
  }
  if (column.type === 'text') {
    const text = String(cell).trim();
    if (CONTROL.test(text)) return { value: null, message: UPLOAD_TEXT.control(column.header) };
    if ([...text].length > UPLOAD_LIMITS.textMax) return { value: null, message: UPLOAD_TEXT.tooLong(column.header) };
    return { value: text, message: null };
  }
  const n = typeof cell === 'number' ? cell : typeof cell === 'string' ? numberOf(cell, column.type === 'percent') : null;
  switch (column.type) {
    case 'position':
      return n !== null && Number.isInteger(n) && n >= 1 && n <= UPLOAD_LIMITS.positionMax
        ? { value: n, message: null }
        : { value: null, message: UPLOAD_TEXT.position(column.header) };
    case 'id':
      return n !== null && Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? { value: n, message: null } : { value: null, message: UPLOAD_TEXT.id(column.header) };
    case 'percent':
      return n !== null && Number.isFinite(n) && n >= 0 && n <= 100 ? { value: n, message: null } : { value: null, message: UPLOAD_TEXT.percent(column.header) };
    case 'value':
      if (n === null || !Number.isFinite(n) || n < 0) return { value: null, message: UPLOAD_TEXT.wholeNumber(column.header) };
      if (n > UPLOAD_LIMITS.valueMax) return { value: null, message: UPLOAD_TEXT.tooLarge(column.header) };
      // People are counted whole; a spreadsheet's 1200.0000001 is 1200.
      return Math.abs(n - Math.round(n)) < 1e-6 ? { value: Math.round(n), message: null } : { value: null, message: UPLOAD_TEXT.wholeNumber(column.header) };
  }
}

const isBlank = (cell: SheetCell | undefined) => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

/** Whether a row has nothing in the uploader's columns (blank rows are skipped, not errors). */
export function isBlankRow(cells: readonly SheetCell[], uploader: Pick<UploaderDefinition, 'columns'>): boolean {
  return uploader.columns.every((_, i) => isBlank(cells[i]));
}

/**
 * Every column rule of one row (spec 2 §5): required columns, numeric positions from 1, Attribute
 * Value or Attribute Percent and not both, percents 0-100, no formulas, dates or control characters.
 * @returns the row's values (null where a cell is in error, so that field is not updated) and its issues
 */
export function checkRow(uploader: UploaderDefinition, cells: readonly SheetCell[], row: number): { values: RowValues; issues: UploadIssue[] } {
  const values: RowValues = {};
  const issues: UploadIssue[] = [];
  uploader.columns.forEach((column, i) => {
    const { value, message } = checkCell(column, cells[i] ?? null);
    values[column.key] = value;
    if (message) issues.push({ column: column.letter, row, message });
  });
  const letter = (key: string) => uploader.columns.find((c) => c.key === key)!.letter;
  const hasValue = !isBlank(cells[uploader.columns.findIndex((c) => c.key === 'value')]);
  const hasPercent = !isBlank(cells[uploader.columns.findIndex((c) => c.key === 'percent')]);
  const attributeColumn = uploader.columns.find((c) => c.key === 'attribute')!;
  const hasAttribute = !isBlank(cells[uploader.columns.indexOf(attributeColumn)]);
  if (hasValue && hasPercent) {
    issues.push({ column: letter('percent'), row, message: UPLOAD_TEXT.notBoth });
    values.value = null;
    values.percent = null;
  } else if (!hasValue && !hasPercent && (attributeColumn.required || hasAttribute)) {
    issues.push({ column: letter('value'), row, message: UPLOAD_TEXT.valueOrPercent });
  } else if (!attributeColumn.required && !hasAttribute && (hasValue || hasPercent)) {
    issues.push({ column: attributeColumn.letter, row, message: UPLOAD_TEXT.valueWithoutAttribute });
  }
  if (uploader.key === 'journeys' && !hasAttribute && !hasValue && !hasPercent && ['population', 'matched', 'modeled'].every((k) => values[k] === null)) {
    const blankExtras = ['population', 'matched', 'modeled'].every((k) => isBlank(cells[uploader.columns.findIndex((c) => c.key === k)]));
    if (blankExtras) issues.push({ column: null, row, message: UPLOAD_TEXT.nothingToSet });
  }
  return { values, issues };
}

/** Checks row 1 against the template's headers (case and spacing aside). */
export function checkHeader(uploader: Pick<UploaderDefinition, 'columns'>, header: readonly SheetCell[]): string | null {
  if (header.every((c) => isBlank(c))) return UPLOAD_TEXT.emptySheet;
  for (const [i, column] of uploader.columns.entries()) {
    const cell = header[i];
    const found = typeof cell === 'string' || typeof cell === 'number' ? String(cell) : '';
    if (norm(found) !== norm(column.header)) return UPLOAD_TEXT.badHeader(column.letter, column.header, found);
  }
  return null;
}

/** How names are matched: trimmed, inner spaces collapsed, case-insensitively (as the screens' unique names). */
export function norm(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A1 notation of a 0-based cell range, for messages. */
export function rangeName(s: { r: number; c: number }, e: { r: number; c: number }): string {
  return `${letterOf(s.c)}${s.r + 1}:${letterOf(e.c)}${e.r + 1}`;
}

// ---- figures ------------------------------------------------------------------------------------

/** A market-level demographic figure (an audience's, a journey cell's, a custom widget's row). */
export interface Figure {
  /** The demographics category. */
  attribute: string;
  /** The category's value. */
  value: string;
  count: number | null;
  percent: number | null;
}

/** A figure an upload sets, with where it goes among its item's figures. */
export interface FigureEdit extends Figure {
  position: number | null;
}

/**
 * An item's figures after an upload: each edit replaces the figure of its category and attribute
 * (case-insensitively) or is added; figures the upload does not name stay as they were. Edits
 * with a position go to it (1-based, within the category); the rest keep their order.
 */
export function mergeFigures(current: readonly Figure[], edits: readonly FigureEdit[]): Figure[] {
  const key = (f: Figure) => `${norm(f.attribute)}\u0000${norm(f.value)}`;
  const byKey = new Map<string, { figure: Figure; position: number | null; order: number }>();
  current.forEach((figure, order) => byKey.set(key(figure), { figure, position: null, order }));
  let order = current.length;
  for (const edit of edits) {
    const { position, ...figure } = edit;
    const was = byKey.get(key(figure));
    byKey.set(key(figure), { figure, position, order: was?.order ?? order++ });
  }
  // Categories keep the order they first appear in; within one, positioned figures go where they say.
  const categories = new Map<string, { figure: Figure; position: number | null; order: number }[]>();
  for (const entry of [...byKey.values()].sort((a, b) => a.order - b.order)) {
    const c = norm(entry.figure.attribute);
    categories.set(c, [...(categories.get(c) ?? []), entry]);
  }
  const out: Figure[] = [];
  for (const entries of categories.values()) {
    const placed = entries.map((e, i) => ({ ...e, at: e.position !== null ? e.position - 1 - 0.5 : i }));
    placed.sort((a, b) => a.at - b.at || a.order - b.order);
    out.push(...placed.map((p) => p.figure));
  }
  return out;
}

/** Whether two figure lists say the same, in the same order. */
export function sameFigures(a: readonly Figure[], b: readonly Figure[]): boolean {
  return a.length === b.length && a.every((f, i) => {
    const g = b[i]!;
    return f.attribute === g.attribute && f.value === g.value && f.count === g.count && f.percent === g.percent;
  });
}

/**
 * The figures of a group (a market of its audiences, a brand across selected stages), each
 * attribute's people summed over the items that have it and shared of the items' population.
 */
export function combineFigures(items: readonly { population: number; figures: readonly Figure[] }[]): { attribute: string; value: string; percent: number; count: number }[] {
  const total = items.reduce((sum, i) => sum + Math.max(0, i.population), 0);
  const byKey = new Map<string, { attribute: string; value: string; count: number }>();
  for (const item of items) {
    for (const f of item.figures) {
      const people = f.count ?? (f.percent !== null ? (f.percent / 100) * item.population : null);
      if (people === null) continue;
      const k = `${norm(f.attribute)}\u0000${norm(f.value)}`;
      const was = byKey.get(k);
      byKey.set(k, { attribute: was?.attribute ?? f.attribute, value: was?.value ?? f.value, count: (was?.count ?? 0) + people });
    }
  }
  return [...byKey.values()].map((g) => ({ ...g, count: Math.round(g.count), percent: total > 0 ? Math.min(100, (g.count / total) * 100) : 0 }));
}

/**
 * Each figure's share as shown (0-100, or null): its percent when given; else its people as a
 * share of the item's population when that is known; else of the people of its category's rows.
 */
export function figureShares(rows: readonly Pick<Figure, 'attribute' | 'count' | 'percent'>[], population: number | null): (number | null)[] {
  const byCategory = new Map<string, number>();
  for (const r of rows) if (r.count !== null) byCategory.set(norm(r.attribute), (byCategory.get(norm(r.attribute)) ?? 0) + r.count);
  return rows.map((r) => {
    if (r.percent !== null) return r.percent;
    if (r.count === null) return null;
    if (population !== null && population > 0) return Math.min(100, (r.count / population) * 100);
    const total = byCategory.get(norm(r.attribute)) ?? 0;
    return total > 0 ? (r.count / total) * 100 : null;
  });
}
