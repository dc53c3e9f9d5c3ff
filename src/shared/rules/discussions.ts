/**
 * Discussion clusters (spec 2 §2 "Discussions Upload admin", §4 "Discussions drawer", §5
 * "Discussion cluster", §8, §9; issue 30): a node is a named set of word bubbles, what consumers
 * talk about, attached to Grow audiences and journey cells. Its bubbles come from a spreadsheet,
 * one row per bubble. Pure, so the drawer, the template and the server's checks agree.
 */

import { checkCell, columns, escapeHtml, norm, UPLOAD_TEXT, type SheetCell, type UploadIssue } from './uploads';

export const DISCUSSION_LIMITS = {
  nameMax: 120,
  descriptionMax: 1_000,
  /** Word bubbles in one node: more than a bubble chart can show legibly. */
  bubblesPerNode: 200,
  /** Reachable People (column C) is a share: at most 100 (spec 2 §9). */
  reachMax: 100,
  /** Size (column D) from 1 to 100 (spec 2 §9). */
  sizeMin: 1,
  sizeMax: 100,
} as const;

/**
 * Spec 2 §9: the drawer's cancel delay and the throttle of destructive buttons. A failed delete
 * says the save message for 6 s as §8 and issue 30 say (§9's list gives 5 s for it: the issue decides).
 */
export const DISCUSSION_TIMING = { drawerCancelMs: 250, destructiveThrottleMs: 5_000, saveFailedMs: 6_000, deleteFailedMs: 6_000, uploadFailedMs: 5_000, successMs: 4_000 } as const;

export const DISCUSSION_TEXT = {
  title: 'Discussions Upload',
  newDiscussion: 'New Discussion',
  createTitle: 'Create Cluster',
  editTitle: 'Edit Cluster',
  nameRequired: 'Cluster name is required.',
  nameTooLong: `Cluster name can be at most ${DISCUSSION_LIMITS.nameMax} characters.`,
  descriptionTooLong: `Description can be at most ${DISCUSSION_LIMITS.descriptionMax} characters.`,
  nameTaken: 'This client already has a discussion cluster of that name.',
  inUse: 'Discussion Clusters with associated audiences or journeys cannot be deleted.',
  saveFailed: 'Discussion Cluster could not be saved. Please try again.',
  complete: 'Upload complete',
  saveComplete: 'Save Complete',
  deleted: (name: string) => `${name} deleted successfully.`,
  errorsNotice: 'The file was uploaded; the rows listed below were not applied.',
  templateName: 'Discussion_Template',
  sheet: 'Discussion_Template',
  notFound: 'There is no such discussion cluster for this client.',
  size: `Size must be a whole number from ${DISCUSSION_LIMITS.sizeMin} to ${DISCUSSION_LIMITS.sizeMax}.`,
  duplicate: (name: string, first: number) => `The bubble <b>${escapeHtml(name.length > 60 ? `${name.slice(0, 60)}…` : name)}</b> is already on row ${first}; each bubble once.`,
  tooManyBubbles: `A discussion cluster can have at most ${DISCUSSION_LIMITS.bubblesPerNode} word bubbles.`,
  nothingReplaced: 'No row could be applied: the cluster keeps its word bubbles.',
  /** Spec 3 §2.4: the Discussion dropdown with no node to offer, and its link to the bulk uploader. */
  noDiscussions: 'No discussion clusters have been uploaded for this client yet.',
  uploadDiscussions: 'Upload discussion clusters',
  unknownNode: 'That discussion cluster is not available for this client.',
} as const;

/** Spec 2 §5, the rules shown to users, word for word. */
export const DISCUSSION_RULES = [
  'Only the current client is affected.',
  'Every row needs a value in each column except C.',
  'One row per extra word bubble.',
  'Name (column C) values feed Reachable People and cannot be above 100.',
  'Size (column D) values between 1 and 100.',
  'Errors appear with row and column.',
  'After upload the file appears with an ID usable in the Grow uploader.',
] as const;

/** The template's columns: the bubble's words, its theme, Reachable People (column C, 'Name' in spec 2 §5) and its size. */
export const DISCUSSION_COLUMNS = columns([
  ['Bubble', 'bubble', 'text', true],
  ['Theme', 'theme', 'text', true],
  ['Name', 'reach', 'percent', false],
  ['Size', 'size', 'value', true],
]);

/** A word bubble as a row gives it. */
export interface Bubble {
  name: string;
  theme: string;
  /** Reachable People, a share 0-100; null when column C is empty. */
  reach: number | null;
  size: number;
}

/** The node's fields as the drawer sends them (spec 2 §3: name, description). */
export function checkNode(node: { name: string; description: string }): { name?: string; description?: string } {
  const issues: { name?: string; description?: string } = {};
  const name = node.name.trim();
  if (name === '') issues.name = DISCUSSION_TEXT.nameRequired;
  else if ([...name].length > DISCUSSION_LIMITS.nameMax) issues.name = DISCUSSION_TEXT.nameTooLong;
  if ([...node.description].length > DISCUSSION_LIMITS.descriptionMax) issues.description = DISCUSSION_TEXT.descriptionTooLong;
  return issues;
}

/** Whether a node may be deleted: not while an audience or a journey cell uses it (spec 2 §5). */
export function canDeleteNode(node: { sub_markets: readonly unknown[]; journey_sub_markets: readonly unknown[] }): boolean {
  return node.sub_markets.length === 0 && node.journey_sub_markets.length === 0;
}

/** The nodes a journey cell's Discussion dropdown offers: those with clusters, by name (spec 3 §2.4). */
export function nodesWithClusters<N extends { name: string; id: number; discussion_clusters: readonly unknown[] }>(nodes: readonly N[]): N[] {
  return nodes.filter((n) => n.discussion_clusters.length > 0).sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id);
}

const isBlank = (cell: SheetCell | undefined) => cell === undefined || cell === null || (typeof cell === 'string' && cell.trim() === '');

/**
 * The rows of a discussion upload (spec 2 §5): every column but C required, Size 1-100, Name
 * (Reachable People) at most 100, each bubble once. Rows are numbered as in the spreadsheet
 * (header row 1). Blank rows are skipped.
 * @returns the bubbles of the valid rows, in the file's order, and every issue
 */
export function checkDiscussionRows(rows: readonly (readonly SheetCell[])[]): { bubbles: Bubble[]; issues: UploadIssue[]; rows: number } {
  const bubbles: Bubble[] = [];
  const issues: UploadIssue[] = [];
  const seen = new Map<string, number>();
  let count = 0;
  rows.forEach((cells, i) => {
    if (DISCUSSION_COLUMNS.every((_, c) => isBlank(cells[c]))) return;
    count++;
    const row = i + 2;
    const own: UploadIssue[] = [];
    const values: Record<string, string | number | null> = {};
    DISCUSSION_COLUMNS.forEach((column, c) => {
      const cell = cells[c] ?? null;
      const { value, message } = checkCell(column, cell);
      // A size typed as a number but out of range, or not whole, gets the range (a formula or date keeps its own message).
      const typed = cell !== null && typeof cell !== 'object' && !isBlank(cell);
      values[column.key] = value;
      // checkCell leaves a blank number column to its row's rule: Size is required here.
      if (column.key === 'size' && isBlank(cell)) own.push({ column: column.letter, row, message: UPLOAD_TEXT.required(column.header) });
      else if (message) own.push({ column: column.letter, row, message: column.key === 'size' && typed ? DISCUSSION_TEXT.size : message });
    });
    if (typeof values.size === 'number' && (values.size < DISCUSSION_LIMITS.sizeMin || values.size > DISCUSSION_LIMITS.sizeMax)) {
      own.push({ column: 'D', row, message: DISCUSSION_TEXT.size });
      values.size = null;
    }
    if (typeof values.bubble === 'string' && own.length === 0) {
      const first = seen.get(norm(values.bubble));
      if (first !== undefined) own.push({ column: 'A', row, message: DISCUSSION_TEXT.duplicate(values.bubble, first) });
      else seen.set(norm(values.bubble), row);
    }
    if (own.length > 0) {
      issues.push(...own);
      return;
    }
    if (bubbles.length >= DISCUSSION_LIMITS.bubblesPerNode) {
      issues.push({ column: null, row, message: DISCUSSION_TEXT.tooManyBubbles });
      return;
    }
    bubbles.push({ name: values.bubble as string, theme: values.theme as string, reach: values.reach as number | null, size: values.size as number });
  });
  return { bubbles, issues, rows: count };
}


/**
 * Word bubbles typed in a form (Grow's discussion cluster form): the same rules as an uploaded
 * file's rows, so both say the same thing of the same bubble. Row n of the result is bubble n-2
 * (the file's header is row 1); columns A-D are words, theme, Reachable People, size.
 */
export function checkBubbles(bubbles: readonly { name: string; theme: string; reach: number | string | null; size: number | string | null }[]): { bubbles: Bubble[]; issues: UploadIssue[] } {
  const rows = bubbles.map((b): SheetCell[] => [b.name, b.theme, b.reach, b.size]);
  // A row left wholly blank is an error here, not skipped: the form shows it, and it has no place in a file.
  const issues: UploadIssue[] = [];
  rows.forEach((cells, i) => {
    if (DISCUSSION_COLUMNS.every((_, c) => isBlank(cells[c]))) issues.push({ column: 'A', row: i + 2, message: UPLOAD_TEXT.required(DISCUSSION_COLUMNS[0]!.header) });
  });
  const checked = checkDiscussionRows(rows);
  return { bubbles: checked.bubbles, issues: [...issues, ...checked.issues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0) || (a.column ?? '').localeCompare(b.column ?? '')) };
}

/** A word bubble as drawn: its words, theme, Reachable People and size, and its diameter. */
export interface SizedBubble {
  id: number;
  name: string;
  theme: string;
  reach: number | null;
  size: number;
  /** Diameter in px: area proportional to the bubble's size, from minPx to maxPx. */
  diameterPx: number;
}

type DrawnBubble = { id: number; name: string; size: number; theme?: string; reach?: number | null };

/** The word bubbles of a discussion cluster node, largest first, each sized by its Size (area proportional). */
export function clusterBubbles(node: { discussion_clusters: readonly DrawnBubble[] } | undefined, minPx = 40, maxPx = 96): SizedBubble[] {
  if (!node) return [];
  const max = Math.max(0, ...node.discussion_clusters.map((c) => c.size));
  return [...node.discussion_clusters]
    .sort((a, b) => b.size - a.size || a.name.localeCompare(b.name))
    .map((c) => ({
      id: c.id, name: c.name, theme: c.theme ?? '', reach: c.reach ?? null, size: c.size,
      diameterPx: Math.round(max > 0 ? Math.max(minPx, maxPx * Math.sqrt(Math.max(0, c.size) / max)) : minPx),
    }));
}
