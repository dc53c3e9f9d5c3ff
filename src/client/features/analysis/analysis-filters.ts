import { proxy } from 'valtio';
import { ANALYSIS, ANALYSIS_TEXT } from '@shared/rules/analysis';

/**
 * The analysis pages' segment filters (issue 32): AND-ed groups of OR-ed segment ids, as the API
 * takes them (filterParam). Each page holds its own, for the context they were chosen in: another
 * context starts with none (spec 3 §2.6), while leaving the page (to save an audience in the
 * builder) and coming back keeps them. UI state, so valtio; it does not outlive a reload.
 */

export type FilterGroups = number[][];
/** Where a picked segment goes: a new group (AND), or an existing group (OR) by its position. */
export type FilterTarget = 'new' | number;

interface PageFilters {
  context: string;
  groups: FilterGroups;
}

export const analysisFilterStore = proxy({
  pages: {} as Record<string, PageFilters>,
  /** Segment names seen in the pickers, by id (a chip's words). */
  names: {} as Record<string, string>,
});

/** The page a path is (the part after the product's path: 'insights/customer-value'). */
export function pageKeyOf(pathname: string, productPath: string): string {
  const prefix = `/${productPath}/`;
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname.replace(/^\/+/, '');
  return rest.replace(/\/+$/, '');
}

/** A page's filters in a context: none when they were chosen in another one. */
export function filtersIn(entry: PageFilters | undefined, context: string): FilterGroups {
  return entry && entry.context === context ? entry.groups : [];
}

export function setPageFilters(page: string, context: string, groups: FilterGroups): void {
  analysisFilterStore.pages[page] = { context, groups: groups.map((g) => [...g]) };
}

export function rememberSegmentName(id: number, name: string): void {
  analysisFilterStore.names[String(id)] = name;
}

/**
 * The groups with a segment added where asked, or the reason it cannot be (the contract's limits,
 * in its words). A segment already in the target group changes nothing.
 */
export function addFilterSegment(groups: readonly (readonly number[])[], id: number, target: FilterTarget): { groups: FilterGroups } | { error: string } {
  const copy = groups.map((g) => [...g]);
  if (target === 'new') {
    if (copy.some((g) => g.length === 1 && g[0] === id)) return { groups: copy };
    if (copy.length >= ANALYSIS.filterGroups) return { error: ANALYSIS_TEXT.tooManyFilters };
    return { groups: [...copy, [id]] };
  }
  const group = copy[target];
  if (!group) return { groups: [...copy, [id]] };
  if (group.includes(id)) return { groups: copy };
  if (group.length >= ANALYSIS.filterGroupSegments) return { error: ANALYSIS_TEXT.tooManyFilters };
  group.push(id);
  return { groups: copy };
}

export const removeFilterGroup = (groups: readonly (readonly number[])[], index: number): FilterGroups => groups.filter((_, i) => i !== index).map((g) => [...g]);

/** A group in words: its segments' names, 'or' between them. */
export function groupLabel(group: readonly number[], names: Readonly<Record<string, string>>): string {
  return group.map((id) => names[String(id)] ?? `Segment ${id}`).join(' or ');
}

/** The count within the filters: '1,234 of 50,000 people'. */
export const withinFiltersText = (filtered: number, people: number) => `${filtered.toLocaleString('en-US')} of ${people.toLocaleString('en-US')} people`;
