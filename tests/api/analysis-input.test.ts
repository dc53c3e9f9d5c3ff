import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_TEXT } from '../../src/shared/rules/analysis';
import { ANALYSIS_PAGES } from '../../src/shared/schemas/analysis';
import { segments } from '../../src/server/db/schema';
import { ACME_PRODUCT, ADMIN, buildTestApp, login, type Session, type TestApp } from './helper';
import { clientRegionIdOf } from './population';
import { expectError } from './support';

/**
 * The analysis pages (issue 32) given junk: every refusal is a 4xx in the one error shape with
 * the rule's own message (shared/rules/analysis.ts), never a 500. The figures are analysis.test.ts's.
 */

let t: TestApp;
let s: Session;

function ask(name: string, query: Record<string, string> = {}, context: string | null = ACME_PRODUCT) {
  const qs = new URLSearchParams(query).toString();
  return s.request({ method: 'GET', url: `/api/analysis/${name}${qs ? `?${qs}` : ''}`, ...(context !== null ? { context } : {}) });
}

beforeAll(async () => {
  t = await buildTestApp({}, { jobs: false });
  s = await login(t.app, ADMIN);
}, 120_000);

describe('analysis pages refuse junk with the rule’s message', () => {
  it('a window that is not a whole number of months from 1 to 6', async () => {
    for (const window of ['abc', '2.5', '', ' ', '1e9', '-1', 'Infinity', '0x3']) {
      const body = expectError(await ask('customer-attrition', { window }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badWindow);
      expect(body.error.details).toMatchObject({ field: 'window' });
    }
  });

  it('a best-customer definition that is neither a tier nor a whole percent from 1 to 50', async () => {
    for (const best of ['xyz', '', 'TIER']) {
      const body = expectError(await ask('best-customer', { best }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badBest);
      expect(body.error.details).toMatchObject({ field: 'best' });
    }
    for (const percent of ['abc', '2.5', '', '1e9', 'NaN']) {
      const body = expectError(await ask('best-customer', { best: 'percent', percent }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badPercent);
      expect(body.error.details).toMatchObject({ field: 'percent' });
    }
  });

  it('filters that are not ids, too many, or huge ids no segment has', async () => {
    for (const name of ANALYSIS_PAGES) {
      for (const filters of ['99999999999', '1e5', '-1', '1,,2', '1;', ' ;1', '0']) {
        expectError(await ask(name, { filters }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.badFilters);
      }
      expectError(await ask(name, { filters: Array.from({ length: 51 }, (_, i) => i + 1).join(',') }), 400, 'VALIDATION_FAILED', ANALYSIS_TEXT.tooManyFilters);
      const huge = expectError(await ask(name, { filters: '9999999999;2147483648' }), 422, 'UNKNOWN_SEGMENTS', 'No segments 9999999999, 2147483648 in acme/us.');
      expect(huge.error.details).toMatchObject({ unknown: [9999999999, 2147483648], deleted: [] });
    }
  });

  it('filters naming a segment the provider deleted', async () => {
    const region = await clientRegionIdOf(t.database.db, 'acme', 'us');
    const [gone] = await t.database.db.select({ id: segments.shortId }).from(segments).where(and(eq(segments.clientRegionId, region), eq(segments.deleted, true))).limit(1);
    for (const name of ANALYSIS_PAGES) {
      const body = expectError(await ask(name, { filters: String(gone!.id) }), 422, 'UNKNOWN_SEGMENTS', `Segment ${gone!.id} was deleted by the provider.`);
      expect(body.error.details).toMatchObject({ unknown: [], deleted: [gone!.id] });
    }
  });

  it('a context without a brand and product, or none, for a page and its segments', async () => {
    for (const name of ANALYSIS_PAGES) {
      for (const url of [name, `${name}/segments`]) {
        expectError(await ask(url, {}, 'acme/us'), 400, 'BAD_REQUEST', 'This request needs an X-Context with 4 levels; "acme/us" has 2.');
        expectError(await ask(url, {}, null), 400, 'BAD_REQUEST', 'This request needs an X-Context header naming client/region/brand/product.');
        expectError(await ask(url, {}, 'acme/us/no-such-brand/x'), 403, 'CONTEXT_FORBIDDEN');
      }
    }
  });
});
