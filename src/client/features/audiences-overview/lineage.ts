import { collapseBreadcrumb } from '@shared/rules/audience-kinds';
import type { AudienceKind, LineageStep } from '@shared/schemas/audiences';

/**
 * The audience details modal's breadcrumb history (spec 1 §2.9): the audiences this one was made
 * from, oldest first, ending with itself. Each earlier step links to its page, unless it was
 * deleted (its name is kept, marked deleted, and goes nowhere); the last is where the user is.
 * More than three levels keep the first and the last and put the middle in a menu.
 */
export interface Crumb {
  key: string;
  name: string;
  kind: AudienceKind;
  /** The step's page, or null: deleted, unknown or the audience itself. */
  href: string | null;
  deleted: boolean;
  current: boolean;
}

export interface Breadcrumb {
  first: Crumb[];
  /** Collapsed into a menu; empty with three levels or fewer. */
  middle: Crumb[];
  last: Crumb[];
}

/** The path segment an audience's page has for its kind ({type lowercased}, as home links it). */
export function typeSegment(kind: AudienceKind | string): string {
  switch (kind) {
    case 'lookalike':
    case 'pve':
      return 'lookalike';
    case 'motivation':
      return 'motivation';
    case 'outcome_audience':
      return 'outcome_audience';
    default:
      return 'audience';
  }
}

/** An audience's page: its stored type lowercased when known (as home links it), else its kind's. */
export const audienceHref = (productPath: string, audience: { id: number; kind: AudienceKind | string; type?: string }) =>
  `/${productPath}/audiences/overview/${audience.type && /^[a-z_]{1,40}$/i.test(audience.type) ? audience.type.toLowerCase() : typeSegment(audience.kind)}/${audience.id}`;

export function breadcrumb(lineage: readonly LineageStep[], productPath: string): Breadcrumb {
  const crumbs: Crumb[] = lineage.map((step, i) => {
    const current = i === lineage.length - 1;
    return {
      key: `${i}:${step.id ?? 'gone'}`,
      name: step.name,
      kind: step.kind,
      href: current || step.deleted || step.id === null ? null : audienceHref(productPath, { id: step.id, kind: step.kind }),
      deleted: step.deleted,
      current,
    };
  });
  return collapseBreadcrumb(crumbs);
}
