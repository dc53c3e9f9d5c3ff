import { describe, expect, it } from 'vitest';
import { parseBrandAdminSearch } from './brand-admin-route';

describe('Brand Management’s address', () => {
  it('opens a new brand with ?new=1 and a brand’s segment mapper with ?mapper=<id>', () => {
    expect(parseBrandAdminSearch({ new: 1 })).toEqual({ new: true });
    expect(parseBrandAdminSearch({ mapper: 7 })).toEqual({ mapper: 7 });
    expect(parseBrandAdminSearch({ mapper: '12', new: '1' })).toEqual({ new: true, mapper: 12 });
    for (const bad of ['x', 0, -3, 1.5, null, '']) expect(parseBrandAdminSearch({ mapper: bad })).toEqual({});
  });
});
