import { describe, expect, it } from 'vitest';
import { audiencesSearchSchema, listQueryOf, searchOf } from './audiences-search';
import { FIRST_PAGE } from './audiences-search';

describe('the overview in the address bar', () => {
  it('is the first page, newest first, without parameters', () => {
    expect(listQueryOf(audiencesSearchSchema.parse({}))).toEqual(FIRST_PAGE);
    expect(searchOf(FIRST_PAGE)).toEqual({});
  });

  it('keeps search, type, sort and page both ways', () => {
    const search = audiencesSearchSchema.parse({ q: 'fizz', kind: 'lookalike', sort: 'people_count', dir: 'asc', page: '3' });
    const query = listQueryOf(search);
    expect(query).toEqual({ ...FIRST_PAGE, search: 'fizz', kind: 'lookalike', sort: 'people_count', dir: 'asc', page: 3 });
    expect(searchOf(query)).toEqual({ q: 'fizz', kind: 'lookalike', sort: 'people_count', dir: 'asc', page: 3 });
  });

  it('drops what is not a value it can take', () => {
    expect(audiencesSearchSchema.parse({ kind: 'segment', sort: 'drop table', dir: 'up', page: '0' })).toEqual({ q: undefined, kind: undefined, sort: undefined, dir: undefined, page: undefined });
    expect(audiencesSearchSchema.parse({ q: 2024 }).q).toBe('2024');
  });
});
