import { describe, expect, it } from 'vitest';
import type { LineageStep } from '@shared/schemas/audiences';
import { audienceHref, breadcrumb } from './lineage';

const step = (id: number | null, name: string, kind: LineageStep['kind'] = 'audience', deleted = false): LineageStep => ({ id, name, kind, deleted });
const P = 'acme/us/fizz-cola/fizz-original';

describe('the audience details breadcrumb', () => {
  it('shows up to three levels in full, links the earlier ones and not the audience itself', () => {
    const b = breadcrumb([step(1, 'Seed'), step(2, 'Lookalike of Seed', 'lookalike'), step(3, 'Copy', 'audience')], P);
    expect(b.middle).toEqual([]);
    expect(b.last).toEqual([]);
    expect(b.first.map((c) => c.name)).toEqual(['Seed', 'Lookalike of Seed', 'Copy']);
    expect(b.first.map((c) => c.href)).toEqual([`/${P}/audiences/overview/audience/1`, `/${P}/audiences/overview/lookalike/2`, null]);
    expect(b.first.map((c) => c.current)).toEqual([false, false, true]);
  });

  it('collapses the middle of more than three levels into the menu, oldest first', () => {
    const b = breadcrumb([step(1, 'A'), step(2, 'B', 'lookalike'), step(3, 'C'), step(4, 'D', 'pve'), step(5, 'E')], P);
    expect(b.first.map((c) => c.name)).toEqual(['A']);
    expect(b.middle.map((c) => c.name)).toEqual(['B', 'C', 'D']);
    expect(b.last.map((c) => c.name)).toEqual(['E']);
    expect(b.middle[2]?.href).toBe(`/${P}/audiences/overview/lookalike/4`);
    expect(b.last[0]?.current).toBe(true);
  });

  it('keeps exactly three levels uncollapsed and four collapsed', () => {
    expect(breadcrumb([step(1, 'A'), step(2, 'B'), step(3, 'C')], P).middle).toHaveLength(0);
    expect(breadcrumb([step(1, 'A'), step(2, 'B'), step(3, 'C'), step(4, 'D')], P).middle.map((c) => c.name)).toEqual(['B', 'C']);
  });

  it('marks a deleted seed and does not link it', () => {
    const b = breadcrumb([step(7, 'Old seed', 'audience', true), step(8, 'Its lookalike', 'lookalike')], P);
    expect(b.first[0]).toMatchObject({ name: 'Old seed', deleted: true, href: null, current: false });
    expect(b.first[1]).toMatchObject({ deleted: false, current: true, href: null });
  });

  it('does not link a step the server could not name by id', () => {
    expect(breadcrumb([step(null, 'Gone'), step(2, 'Here')], P).first[0]?.href).toBeNull();
  });

  it('a lone audience is its own breadcrumb', () => {
    const b = breadcrumb([step(4, 'Only')], P);
    expect(b.first).toHaveLength(1);
    expect(b.first[0]?.current).toBe(true);
    expect(breadcrumb([], P)).toEqual({ first: [], middle: [], last: [] });
  });

  it('spells each kind as home links it', () => {
    expect(audienceHref(P, { id: 3, kind: 'motivation' })).toBe(`/${P}/audiences/overview/motivation/3`);
    expect(audienceHref(P, { id: 3, kind: 'outcome_audience' })).toBe(`/${P}/audiences/overview/outcome_audience/3`);
    expect(audienceHref(P, { id: 3, kind: 'shared_audience' })).toBe(`/${P}/audiences/overview/audience/3`);
    // A row's stored type wins, lowercased: an optimized audience stored as an audience.
    expect(audienceHref(P, { id: 5, kind: 'pve', type: 'Audience' })).toBe(`/${P}/audiences/overview/audience/5`);
    expect(audienceHref(P, { id: 5, kind: 'pve', type: 'bad/type' })).toBe(`/${P}/audiences/overview/lookalike/5`);
  });
});
