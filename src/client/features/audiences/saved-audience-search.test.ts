import { describe, expect, it } from 'vitest';
import { audienceBuilderSearchSchema } from './audience-builder-search';

describe('the builder opened on a saved audience or for an optimized audience', () => {
  it('reads the audience edited and its version', () => {
    const s = audienceBuilderSearchSchema.parse({ audienceId: '12', audienceVersion: 3, set_hierarchy: 'pve_product_category' });
    expect(s.audienceId).toBe(12);
    expect(s.audienceVersion).toBe(3);
    expect(s.set_hierarchy).toBe('pve_product_category');
  });

  it('ignores an id that is no id, and opens a new audience then', () => {
    const s = audienceBuilderSearchSchema.parse({ audienceId: 'x', audienceVersion: -1 });
    expect(s.audienceId).toBeUndefined();
    expect(s.audienceVersion).toBeUndefined();
    expect(audienceBuilderSearchSchema.parse({}).set_hierarchy).toBeUndefined();
  });
});
