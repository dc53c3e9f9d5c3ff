import {
  checkCurveRow,
  emptyCurveRow,
  inMediaOrder,
  paramsOfRow,
  rowOfCurve,
  type CurveRow,
  type CurveRowField,
  type CurveRowIssues,
} from '@shared/rules/curves';
import type { CreateCurvesResult, Curve, CurveInput } from '@shared/schemas/plans';

export type CurveMode = 'generic' | 'upload';

/** A row of the curve table as the page holds it: what is typed, and what the server said of it. */
export interface EditedRow {
  /** React's key: a row keeps it while its fields, id and place change. */
  key: number;
  /** The saved curve this row shows, or null for a row not saved yet. */
  id: number | null;
  row: CurveRow;
  /** Fields left at least once: their messages show. */
  touched: Partial<Record<CurveRowField, true>>;
  /** The server's words about this row: why its last Apply refused it, or why it could not be deleted. */
  messages: string[];
}

export interface CurveEditorState {
  /** null when both checkboxes are off. */
  mode: CurveMode | null;
  rows: EditedRow[];
  /** The media types ticked for generic curves. */
  selectedMedia: string[];
  /** The server's words about a generic curve refused by the last Apply, by media type. */
  genericMessages: Record<string, string[]>;
}

let nextKey = 1;

export const newRow = (row: CurveRow = emptyCurveRow(), id: number | null = null, messages: string[] = []): EditedRow =>
  ({ key: nextKey++, id, row, touched: {}, messages });

/** An empty first row is there whenever there is none (spec 2 §4). */
export const withFirstRow = (rows: EditedRow[]): EditedRow[] => (rows.length > 0 ? rows : [newRow()]);

/** After the curves load (spec 2 §4): generic if any of the product's curves is generic, otherwise upload. */
export function initialEditorState(curves: readonly Curve[]): CurveEditorState {
  const generic = curves.filter((c) => c.is_generic);
  return {
    mode: generic.length > 0 ? 'generic' : 'upload',
    rows: withFirstRow(curves.filter((c) => !c.is_generic).map((c) => newRow(rowOfCurve(c), c.id, c.error_messages))),
    selectedMedia: inMediaOrder(generic.map((c) => c.media_type)),
    genericMessages: {},
  };
}

/** A field's new value; a row made a TRP curve starts as a CPP one (spec 2 §9: CPP = 0). */
export function withField(row: CurveRow, field: CurveRowField, value: string): CurveRow {
  const next = { ...row, [field]: value };
  if (field === 'curve_type_name' && value === 'TRP' && next.cpp_or_cpm.trim() === '') next.cpp_or_cpm = '0';
  return next;
}

/** What Apply sends: the table's rows, or one generic curve per ticked media type. */
export function applyBody(state: Pick<CurveEditorState, 'mode' | 'rows' | 'selectedMedia'>): CurveInput[] {
  if (state.mode === 'generic') {
    return inMediaOrder(state.selectedMedia).map((media_type) => ({ media_type, curve_type_name: 'Spend', is_generic: true, params: {} }));
  }
  return state.rows.map(({ row }) => ({ media_type: row.media_type.trim(), curve_type_name: row.curve_type_name, is_generic: false, params: paramsOfRow(row) }));
}

/** The saved uploaded curve of a media type, if any. */
const savedIdOf = (curves: readonly Curve[], media: string) => curves.find((c) => !c.is_generic && c.media_type === media.trim())?.id ?? null;

/**
 * The page after Apply: each refused curve keeps its message on its row (the index sent) and the
 * curve it pointed at; every other row points at the curve now saved for its media type (none
 * once generic curves replaced them).
 */
export function afterApply(state: CurveEditorState, sentMode: CurveMode, sentMedia: readonly string[], result: CreateCurvesResult): CurveEditorState {
  const said = (i: number) => result.error_messages[String(i)] ?? [];
  const rows = state.rows.map((r, i) => {
    if (sentMode === 'generic') return { ...r, id: savedIdOf(result.curves, r.row.media_type) };
    // A refused row is not what is saved for its media type (a second TV row is not the TV curve).
    const messages = said(i);
    return { ...r, messages, id: messages.length > 0 ? r.id : savedIdOf(result.curves, r.row.media_type) };
  });
  const genericMessages = sentMode === 'generic'
    ? Object.fromEntries(sentMedia.map((m, i) => [m, said(i)] as const).filter(([, m]) => m.length > 0))
    : state.genericMessages;
  return { ...state, rows, genericMessages };
}

export const hasRefusals = (result: CreateCurvesResult) => Object.values(result.error_messages).some((m) => m.length > 0);

/** The messages a row shows: a field's once it was left, or all of them after Apply was tried. */
export function shownIssues(r: EditedRow, showAll: boolean): CurveRowIssues {
  const issues = checkCurveRow(r.row);
  if (showAll) return issues;
  return Object.fromEntries(Object.entries(issues).filter(([field]) => r.touched[field as CurveRowField]));
}
