import { describe, expect, it } from 'vitest';
import { PROBE_CAP_MS, probeDelayMs } from './reconnect';

describe('health probe backoff', () => {
  it('waits 1 s, 2 s, 4 s, 8 s, then 15 s for ever', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(probeDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
  });
  it('never waits longer than the cap, so a returning server is reached within 15 s', () => {
    for (let attempt = 0; attempt < 100; attempt++) expect(probeDelayMs(attempt)).toBeLessThanOrEqual(PROBE_CAP_MS);
  });
  it('treats a nonsense attempt as the first', () => {
    expect(probeDelayMs(-1)).toBe(1_000);
    expect(probeDelayMs(Number.NaN)).toBe(1_000);
    expect(probeDelayMs(2.7)).toBe(4_000);
  });
});
