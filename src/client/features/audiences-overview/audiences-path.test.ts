import { describe, expect, it } from 'vitest';
import { parseAudiencesPath } from './audiences-path';

describe('the Audiences area address', () => {
  it('names the overview and one audience', () => {
    expect(parseAudiencesPath('overview')).toEqual({ view: 'overview' });
    expect(parseAudiencesPath('overview/')).toEqual({ view: 'overview' });
    expect(parseAudiencesPath('overview/lookalike/42')).toEqual({ view: 'detail', type: 'lookalike', id: 42 });
    expect(parseAudiencesPath('overview/outcome_audience/7')).toEqual({ view: 'detail', type: 'outcome_audience', id: 7 });
  });

  it('is no page otherwise', () => {
    for (const bad of [undefined, '', 'overviews', 'overview/audience', 'overview/audience/0', 'overview/audience/x1', 'overview/Audience/1', 'overview/audience/1/more', 'other/audience/1', 'overview/audience/1234567890123']) {
      expect(parseAudiencesPath(bad)).toBeNull();
    }
  });
});
