import * as z from 'zod/mini';
import { AUDIENCE_LIST } from '@shared/rules/audience-kinds';
import type { AudienceListQuery } from '@shared/schemas/audiences';

/**
 * The overview's search, type, sort and page in the address bar, so going back from an audience
 * finds the list as it was and a link names a view of it. A bad value (typed, pasted) falls
 * back to the default rather than an error.
 */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

export const audiencesSearchSchema = z.object({
  q: optional(z.pipe(z.union([z.string(), z.number()]), z.transform((v: string | number) => String(v).slice(0, 200)))),
  kind: optional(z.enum(AUDIENCE_LIST.kinds)),
  sort: optional(z.enum(AUDIENCE_LIST.sorts)),
  dir: optional(z.enum(['asc', 'desc'])),
  page: optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1), z.lte(100_000)))),
});
export type AudiencesSearch = z.output<typeof audiencesSearchSchema>;

/**
 * The overview's first page, as the page opens it (the preparer and the route read the same).
 * Here, not with the queries: the route's search parsing is in the shell, the queries are not.
 */
export const FIRST_PAGE: AudienceListQuery = { search: '', sort: 'created_at', dir: 'desc', page: 1, page_size: AUDIENCE_LIST.pageSize };

/** The list asked of the server for the address's search. */
export function listQueryOf(search: AudiencesSearch): AudienceListQuery {
  return {
    ...FIRST_PAGE,
    search: search.q ?? '',
    ...(search.kind ? { kind: search.kind } : {}),
    sort: search.sort ?? FIRST_PAGE.sort,
    dir: search.dir ?? FIRST_PAGE.dir,
    page: search.page ?? 1,
  };
}

/** The address's search for a list query: defaults left out. */
export function searchOf(query: AudienceListQuery): AudiencesSearch {
  return {
    ...(query.search.trim() ? { q: query.search } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.sort !== FIRST_PAGE.sort ? { sort: query.sort } : {}),
    ...(query.dir !== FIRST_PAGE.dir ? { dir: query.dir } : {}),
    ...(query.page > 1 ? { page: query.page } : {}),
  };
}
