/**
 * The segment catalogue as the pickers show it (issue 15): a tree by path parts, a search
 * across name and path with the matched parts marked, and vendor filters. Pure, so the
 * builder's picker and Grow's single-select picker can share it.
 */
export interface CatalogueSegment {
  id: number;
  name: string;
  path_parts: string[];
  vendor_name: string;
  vendor_type: string;
  deleted: boolean;
  create_audience_single: boolean;
  count: { people: Record<string, number> };
}

export interface CatalogueNode {
  /** The path so far, joined by ' > ' (unique among siblings' keys). */
  key: string;
  label: string;
  children: CatalogueNode[];
  /** Segments whose path ends here. */
  segments: CatalogueSegment[];
  /** Segments under this node, its own included. */
  size: number;
}

export interface CatalogueFilter {
  q: string;
  vendor: string | null;
  vendorType: string | null;
}

/** The parts of a segment's path above its own name (a path of one part is its name: no folder). */
const folders = (s: CatalogueSegment) => (s.path_parts.length > 1 ? s.path_parts.slice(0, -1) : []);

/** Folders in the order first met, segments in catalogue order; deleted segments are never offered. */
export function buildTree(segments: readonly CatalogueSegment[]): CatalogueNode {
  const root: CatalogueNode = { key: '', label: '', children: [], segments: [], size: 0 };
  for (const s of segments) {
    if (s.deleted) continue;
    let node = root;
    node.size++;
    for (const part of folders(s)) {
      const key = node.key ? `${node.key} > ${part}` : part;
      let child = node.children.find((c) => c.key === key);
      if (!child) {
        child = { key, label: part, children: [], segments: [], size: 0 };
        node.children.push(child);
      }
      child.size++;
      node = child;
    }
    node.segments.push(s);
  }
  return root;
}

const words = (q: string) => q.trim().toLowerCase().split(/\s+/).filter(Boolean);

/** The text a search reads: the path (which ends in the name) and the name when the path does not. */
export const searchText = (s: CatalogueSegment) => {
  const path = s.path_parts.join(' > ');
  return s.path_parts.at(-1) === s.name ? path : `${path} > ${s.name}`;
};

/** Whether a segment is offered under a filter: not deleted, of the vendor and type chosen, with every word of the search in its name or path. */
export function matchesFilter(s: CatalogueSegment, f: CatalogueFilter): boolean {
  if (s.deleted) return false;
  if (f.vendor && s.vendor_name !== f.vendor) return false;
  if (f.vendorType && s.vendor_type !== f.vendorType) return false;
  const text = searchText(s).toLowerCase();
  return words(f.q).every((w) => text.includes(w));
}

export function filterCatalogue(segments: readonly CatalogueSegment[], f: CatalogueFilter): CatalogueSegment[] {
  return segments.filter((s) => matchesFilter(s, f));
}

/** A text in pieces, `match` where a word of the search is found (case-insensitively), for <mark>. */
export function highlight(text: string, q: string): { text: string; match: boolean }[] {
  const ws = words(q);
  if (ws.length === 0 || text === '') return [{ text, match: false }];
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const w of ws) {
    for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) marked.fill(true, at, at + w.length);
  }
  const pieces: { text: string; match: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = pieces.at(-1);
    if (last && last.match === marked[i]) last.text += text[i];
    else pieces.push({ text: text[i]!, match: marked[i]! });
  }
  return pieces;
}

/** Vendors and vendor types of the catalogue (not deleted), sorted, for the filters. */
export function vendorsOf(segments: readonly CatalogueSegment[]): { vendors: string[]; types: string[] } {
  const live = segments.filter((s) => !s.deleted);
  const sorted = (xs: string[]) => [...new Set(xs)].sort((a, b) => a.localeCompare(b));
  return { vendors: sorted(live.map((s) => s.vendor_name)), types: sorted(live.map((s) => s.vendor_type)) };
}

/** People of a segment in the region (0 when the catalogue has none for it). */
export const regionCount = (s: CatalogueSegment, region: string) => s.count.people[region] ?? 0;
