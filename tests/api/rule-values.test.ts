import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../src/shared/constants';
import { AUDIENCE_TEXT } from '../../src/shared/rules/audiences';
import { INSIGHT_LIMITS } from '../../src/shared/rules/insights';
import { indexReportResponseSchema } from '../../src/shared/schemas/index-reports';
import {
  categoriesResponseSchema,
  countResponseSchema,
  overlapResponseSchema,
  ruleCountsResponseSchema,
  widgetResponseSchema,
} from '../../src/shared/schemas/insights';
import { audiences, rolePermissions, roles, segments } from '../../src/server/db/schema';
import { COVER_SHEET } from '../../src/server/modules/reports/index-workbook';
import { ACME_PRODUCT, ADMIN, ANALYST, VIEWER, buildTestApp, login, type Session } from './helper';
import { TEST_POPULATION, clientRegionIdOf } from './population';
import { readStoredSets } from './stored-sets';
import { buildAppOn, expectError, strict } from './support';

/**
 * Rules with groups of demographic values (issue 15, "non-segments"): counted alike by both
 * data sources, checked against the context region, the builder's rule counts, the widget of
 * everyone, refused when saved as an audience, and named in index reports.
 */
type Rules = { include: { and: number[][] }; exclude?: number[]; values?: number[][] };
const PEOPLE = TEST_POPULATION.people;

describe('rules with demographic values', async () => {
  const { app, database } = await buildTestApp();
  const db = database.db;
  const [analyst, viewer, admin, analystEs] = await Promise.all([login(app, ANALYST), login(app, VIEWER), login(app, ADMIN), login(app, ANALYST)]);
  const switched = await analystEs.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } });
  if (switched.statusCode !== 200) throw new Error(`could not switch to es: ${switched.body}`);
  const sessions = { molecula: analyst, es: analystEs };

  const acmeUs = await clientRegionIdOf(db, 'acme', 'us');
  const stored = await readStoredSets(db, app.data.store, acmeUs);
  const live = (await db
    .select({ id: segments.shortId, name: segments.name })
    .from(segments)
    .where(and(eq(segments.clientRegionId, acmeUs), eq(segments.deleted, false), gt(segments.peopleCount, 0)))
    .orderBy(desc(segments.peopleCount), asc(segments.shortId)));
  const [s1, s2, s3, s4, s5] = live.map((s) => s.id) as [number, number, number, number, number];
  const categories = categoriesResponseSchema.parse((await analyst.request({ method: 'GET', url: '/api/insights/categories', context: 'acme/us' })).json()).data;
  const [age, gender] = [categories[0]!, categories.find((c) => /gender/i.test(c.name)) ?? categories[1]!];
  const globexCategories = categoriesResponseSchema.parse((await viewer.request({ method: 'GET', url: '/api/insights/categories', context: 'globex/us' })).json()).data;
  const globexValue = globexCategories[0]!.values[0]!.id;

  // ---- the plain count, from the stored sets -------------------------------------------------
  const setOf = (ids: number[], kind: 'segments' | 'attributes') => {
    const out = new Set<number>();
    for (const id of ids) for (const p of stored[kind].get(id) ?? []) out.add(p);
    return out;
  };
  const plain = (rules: Rules) => {
    const groups = [...rules.include.and.map((g) => setOf(g, 'segments')), ...(rules.values ?? []).map((g) => setOf(g, 'attributes'))];
    const excluded = setOf(rules.exclude ?? [], 'segments');
    return [...groups[0]!].filter((p) => groups.every((g) => g.has(p)) && !excluded.has(p)).length;
  };

  const post = (s: Session, url: string, payload: object, context = 'acme/us') => s.request({ method: 'POST', url, payload, context });
  const count = async (s: Session, rules: Rules) => {
    const res = await post(s, '/api/audiences/count', { rules });
    expect(res.statusCode, res.body).toBe(200);
    return strict(countResponseSchema).parse(res.json()).data.count;
  };
  const ruleCounts = async (s: Session, rules: Rules) => {
    const res = await post(s, '/api/insights/rule-counts', { rules });
    expect(res.statusCode, res.body).toBe(200);
    return strict(ruleCountsResponseSchema).parse(res.json()).data;
  };
  const widget = async (s: Session, payload: Record<string, unknown>) => {
    const res = await post(s, '/api/insights/widgets', payload);
    expect(res.statusCode, res.body).toBe(200);
    return strict(widgetResponseSchema).parse(res.json()).data;
  };

  const female = gender.values[0]!.id;
  const [young, middle] = [age.values[0]!.id, age.values[1]!.id];
  /** Three include groups, an exclude and two groups of values. */
  const full: Rules = { include: { and: [[s1, s2], [s3], [s4, s2]] }, exclude: [s5], values: [[female], [young, middle]] };

  describe('counting', () => {
    it('ANDs each group of values (OR within) with the include groups, alike on both data sources and as a plain count', async () => {
      const cases: Rules[] = [
        full,
        { include: { and: [[s1]] }, values: [[female]] },
        { include: { and: [[s1, s3]] }, exclude: [s2], values: [[young, middle, female]] },
        // Values only: no include group at all.
        { include: { and: [] }, values: [[female]] },
        { include: { and: [] }, exclude: [s1], values: [[young, middle], [female]] },
      ];
      for (const rules of cases) {
        const expected = plain(rules);
        expect(await count(sessions.molecula, rules), JSON.stringify(rules)).toBe(expected);
        expect(await count(sessions.es, rules), JSON.stringify(rules)).toBe(expected);
      }
      // Not a test of empty answers.
      expect(plain({ include: { and: [] }, values: [[female]] })).toBeGreaterThan(PEOPLE / 10);
      expect(plain({ include: { and: [[s1]] }, values: [[female]] })).toBeLessThan(plain({ include: { and: [[s1]] } }));
    });

    it('gives the people of a value group as its value count (a value group of one is the value)', async () => {
      const res = await widget(analyst, { category: gender.id });
      const row = res.rows.find((r) => r.value_id === female)!;
      expect(await count(analyst, { include: { and: [] }, values: [[female]] })).toBe(row.count);
    });
  });

  describe('checking values against the context region', () => {
    const questions = (rules: Rules) => [
      ['/api/audiences/count', { rules }],
      ['/api/insights/rule-counts', { rules }],
      ['/api/insights/widgets', { rules, category: age.id }],
      ['/api/insights/overlap', { audiences: [{ name: 'A', rules }, { name: 'B', rules: { include: { and: [[s1]] } } }] }],
    ] as const;

    it('refuses a value the region does not have (another tenant\'s included) with 422 UNKNOWN_SEGMENTS naming it in details', async () => {
      for (const source of ['molecula', 'es'] as const) {
        for (const [url, payload] of questions({ include: { and: [[s1]] }, values: [[female, 999_999]] })) {
          const body = expectError(await post(sessions[source], url, payload), 422, 'UNKNOWN_SEGMENTS', 'No demographic value 999999 in acme/us.');
          expect(body.error.details).toEqual({ unknown: [], deleted: [], values: [999_999] });
        }
        for (const [url, payload] of questions({ include: { and: [] }, values: [[globexValue]] })) {
          const body = expectError(await post(sessions[source], url, payload), 422, 'UNKNOWN_SEGMENTS', `No demographic value ${globexValue} in acme/us.`);
          expect(body.error.details).toEqual({ unknown: [], deleted: [], values: [globexValue] });
        }
      }
      // Segments and values refused together, in one answer.
      const body = expectError(await post(analyst, '/api/audiences/count', { rules: { include: { and: [[999_998]] }, values: [[999_997, 999_996]] } }), 422, 'UNKNOWN_SEGMENTS', 'No segment 999998 in acme/us. No demographic values 999997, 999996 in acme/us.');
      expect(body.error.details).toEqual({ unknown: [999_998], deleted: [], values: [999_997, 999_996] });
    });

    it('takes a segment short id as a segment, never as a value (and a value id as a value)', async () => {
      expectError(await post(analyst, '/api/audiences/count', { rules: { include: { and: [[female]] } } }), 422, 'UNKNOWN_SEGMENTS', `No segment ${female} in acme/us.`);
      expectError(await post(analyst, '/api/audiences/count', { rules: { include: { and: [] }, values: [[s1]] } }), 422, 'UNKNOWN_SEGMENTS', `No demographic value ${s1} in acme/us.`);
    });

    it('refuses a rule with no group of either kind, and empty or oversized value groups, with 400', async () => {
      expectError(await post(analyst, '/api/audiences/count', { rules: { include: { and: [] }, values: [] } }), 400, 'VALIDATION_FAILED', /^body\.rules\.include\.and: A rule must include at least one OR-group/);
      expectError(await post(analyst, '/api/insights/rule-counts', { rules: { include: { and: [[s1]] }, values: [[]] } }), 400, 'VALIDATION_FAILED', /A group of values must name at least one value/);
      const tooMany = Array.from({ length: 21 }, () => [female]);
      expectError(await post(analyst, '/api/insights/rule-counts', { rules: { include: { and: [] }, values: tooMany } }), 400, 'VALIDATION_FAILED', /at most 20 groups of values/);
    });
  });

  describe('POST /api/insights/rule-counts', () => {
    it("answers the rule's people, each include group's and each value group's alone, the excluded and everyone, on both data sources", async () => {
      const expected = {
        count: plain(full),
        include: full.include.and.map((g) => setOf(g, 'segments').size),
        values: full.values!.map((g) => setOf(g, 'attributes').size),
        exclude: setOf(full.exclude!, 'segments').size,
        people: PEOPLE,
      };
      expect(expected.count).toBeGreaterThan(0);
      expect(await ruleCounts(sessions.molecula, full)).toEqual(expected);
      expect(await ruleCounts(sessions.es, full)).toEqual(expected);
      // The whole rule's count is the audience count's.
      expect(expected.count).toBe(await count(analyst, full));
    });

    it('keeps the groups in the order written, and answers 0 excluded without excludes', async () => {
      const rules = { include: { and: [[s3], [s1, s2]] } };
      const answer = await ruleCounts(analyst, rules);
      expect(answer).toEqual({ count: plain(rules), include: [setOf([s3], 'segments').size, setOf([s1, s2], 'segments').size], values: [], exclude: 0, people: PEOPLE });
      const valuesOnly = await ruleCounts(sessions.es, { include: { and: [] }, values: [[middle, young]] });
      expect(valuesOnly).toEqual({ count: setOf([young, middle], 'attributes').size, include: [], values: [setOf([young, middle], 'attributes').size], exclude: 0, people: PEOPLE });
    });

    it('is scoped and permitted as POST /api/audiences/count: another client 403, no session 401, unknown segment 422, without audiences read 403', async () => {
      const payload = { rules: { include: { and: [[s1]] } } };
      expectError(await post(analyst, '/api/insights/rule-counts', payload, 'globex/us'), 403, 'CONTEXT_FORBIDDEN');
      expectError(await analyst.request({ method: 'POST', url: '/api/insights/rule-counts', payload }), 400, 'BAD_REQUEST');
      expectError(await app.inject({ method: 'POST', url: '/api/insights/rule-counts', payload, headers: { 'x-context': 'acme/us' } }), 401, 'UNAUTHENTICATED');
      expectError(await post(analyst, '/api/insights/rule-counts', { rules: { include: { and: [[999_999]] } } }), 422, 'UNKNOWN_SEGMENTS', 'No segment 999999 in acme/us.');
      expectError(await post(admin, '/api/insights/rule-counts', payload, 'acme/au'), 503, 'DATA_NOT_READY');
      const [viewerRole] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
      const where = and(eq(rolePermissions.roleId, Number(viewerRole?.id)), eq(rolePermissions.resource, 'audiences'));
      const globexSegment = (await db.select({ id: segments.shortId }).from(segments).where(and(eq(segments.clientRegionId, await clientRegionIdOf(db, 'globex', 'us')), eq(segments.deleted, false))))[0]!.id;
      expect((await post(viewer, '/api/insights/rule-counts', { rules: { include: { and: [[globexSegment]] } } }, 'globex/us')).statusCode).toBe(200);
      await db.update(rolePermissions).set({ canRead: false }).where(where);
      try {
        expectError(await post(viewer, '/api/insights/rule-counts', { rules: { include: { and: [[globexSegment]] } } }, 'globex/us'), 403, 'FORBIDDEN', `${TEXT.permissionDenied} (audiences: read)`);
      } finally {
        await db.update(rolePermissions).set({ canRead: true }).where(where);
      }
    });

    it('keeps the time limit: a question past it is 503 TIME_LIMIT', async () => {
      // A second app on the same database whose engines stop any question after 1 ms.
      const limited = await buildAppOn(database, { ENGINE_TIME_LIMIT_MS: '1', DEMO_PEOPLE: '0' });
      await limited.data.start();
      await limited.data.whenIdle();
      const s = await login(limited, ANALYST);
      expect((await s.request({ method: 'PUT', url: '/api/auth/data-source', payload: { source: 'es' } })).statusCode).toBe(200);
      const ids = live.map((x) => x.id);
      const group = Array.from({ length: 500 }, (_, i) => ids[i % ids.length]!);
      const values = categories.map((c) => c.values.map((v) => v.id));
      const rules = { include: { and: Array.from({ length: 20 }, () => group) }, exclude: [s5], values };
      const res = await s.request({ method: 'POST', url: '/api/insights/rule-counts', payload: { rules }, context: 'acme/us' });
      expectError(res, 503, 'TIME_LIMIT', 'The count took longer than 0.001 s and was stopped. Narrow the audience and try again.');
    });
  });

  describe('the widget of everyone (no rules)', () => {
    it('answers share = base share, index 100, no z-score, with the audience being the region, on both data sources', async () => {
      for (const source of ['molecula', 'es'] as const) {
        const answer = await widget(sessions[source], { category: age.id });
        expect(answer.audience_count).toBe(PEOPLE);
        expect(answer.base_count).toBe(PEOPLE);
        expect(answer.category).toEqual({ id: age.id, name: age.name });
        expect(answer.rows.map((r) => r.value_id)).toEqual(age.values.map((v) => v.id));
        for (const row of answer.rows) {
          const size = stored.attributes.get(row.value_id)!.length;
          expect(row).toEqual({
            value_id: row.value_id,
            name: age.values.find((v) => v.id === row.value_id)!.name,
            count: size,
            share: size / PEOPLE,
            base_share: size / PEOPLE,
            index: size === 0 ? null : 100,
            z_score: null,
            significant: false,
            small_sample: size < INSIGHT_LIMITS.smallSample,
          });
        }
      }
      // By name too, as any widget.
      expect((await widget(analyst, { category: age.name.toUpperCase() })).rows).toEqual((await widget(analyst, { category: age.id })).rows);
    });

    it('still refuses an unknown category (404) and checks the context', async () => {
      expectError(await post(analyst, '/api/insights/widgets', { category: 'No such category' }), 404, 'NOT_FOUND');
      expectError(await post(analyst, '/api/insights/widgets', { category: age.id }, 'globex/us'), 403, 'CONTEXT_FORBIDDEN');
    });

    it('answers a rule with values as its audience', async () => {
      const rules = { include: { and: [] }, values: [[female]] };
      const answer = await widget(analyst, { rules, category: age.id });
      expect(answer.audience_count).toBe(plain(rules));
      for (const row of answer.rows) expect(row.count).toBe(plain({ include: { and: [] }, values: [[female], [row.value_id]] }));
      expect(await widget(analystEs, { rules, category: age.id })).toEqual(answer);
    });
  });

  describe('overlap with values', () => {
    it('counts audiences with values', async () => {
      const a: Rules = { include: { and: [[s1]] }, values: [[female]] };
      const b: Rules = { include: { and: [] }, values: [[young]] };
      const res = await post(analyst, '/api/insights/overlap', { audiences: [{ name: 'A', rules: a }, { name: 'B', rules: b }] });
      expect(res.statusCode, res.body).toBe(200);
      const data = strict(overlapResponseSchema).parse(res.json()).data;
      expect(data.audiences.map((x) => x.count)).toEqual([plain(a), plain(b)]);
      expect(data.pairs[0]!.count).toBe(plain({ include: { and: [[s1]] }, values: [[female], [young]] }));
    });
  });

  describe('saving an audience', () => {
    const save = (rules: Rules) =>
      admin.request({ method: 'POST', url: '/api/audiences', context: ACME_PRODUCT, headers: { 'x-request-id': randomUUID() }, payload: { name: 'With values', description: '', rules } });

    it('refuses a rule with values with 422 and the exact message, and stores nothing', async () => {
      expect(AUDIENCE_TEXT.nonSegments).toBe('This audience includes non-segments (demographic values), so it cannot be saved as an audience.');
      const before = (await db.select({ id: audiences.id }).from(audiences)).length;
      for (const rules of [{ include: { and: [[s1]] }, values: [[female]] }, { include: { and: [] }, values: [[female]] }]) {
        const body = expectError(await save(rules), 422, 'VALIDATION_FAILED', AUDIENCE_TEXT.nonSegments);
        expect(body.error.details).toEqual([{ path: 'body.rules.values', message: AUDIENCE_TEXT.nonSegments }]);
      }
      expect((await db.select({ id: audiences.id }).from(audiences)).length).toBe(before);
      // Without values it saves.
      const ok = await save({ include: { and: [[s1]] }, values: [] });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });

  describe('index reports', () => {
    it('makes a report of a rule with values, naming them "Category: Value" on the cover, with the widget numbers', async () => {
      const rules: Rules = { include: { and: [[s1, s2]] }, exclude: [s5], values: [[female], [young, middle]] };
      const res = await analyst.request({
        method: 'POST',
        url: '/api/index-reports',
        context: ACME_PRODUCT,
        headers: { 'x-request-id': randomUUID() },
        payload: { name: 'Women 18-34', audience: { name: 'Young women', rules }, categories: [age.id], compare_base: { type: 'audience', name: 'Women', rules: { include: { and: [] }, values: [[female]] } } },
      });
      expect(res.statusCode, res.body).toBe(202);
      const { task } = strict(indexReportResponseSchema).parse(res.json()).data;
      await app.jobs.whenIdle();
      const file = await analyst.request({ method: 'GET', url: `/api/notifications/${task.id}/download`, context: 'acme' });
      expect(file.statusCode, file.body).toBe(200);
      const wb = XLSX.read(file.rawPayload);
      const facts = Object.fromEntries(XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[COVER_SHEET]!, { header: 1 }).filter((r) => r.length === 2));
      const name = (id: number) => live.find((s) => s.id === id)!.name;
      const valueName = (category: typeof age, id: number) => `${category.name}: ${category.values.find((v) => v.id === id)!.name}`;
      expect(facts).toMatchObject({
        'Audience rule': `(${name(s1)} or ${name(s2)}) and ${valueName(gender, female)} and (${valueName(age, young)} or ${valueName(age, middle)}), excluding ${name(s5)}`,
        'Audience size': plain(rules),
        'Base rule': valueName(gender, female),
        'Base size': plain({ include: { and: [] }, values: [[female]] }),
      });
      const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[age.name]!, { header: 1 }).slice(1);
      const mine = await widget(analyst, { rules, category: age.id });
      expect(rows.map((r) => r[1])).toEqual(mine.rows.map((r) => r.count));
    });

    it('refuses a value the region does not have with 422 UNKNOWN_SEGMENTS', async () => {
      const res = await analyst.request({
        method: 'POST',
        url: '/api/index-reports',
        context: ACME_PRODUCT,
        headers: { 'x-request-id': randomUUID() },
        payload: { name: 'Bad', audience: { name: 'Bad', rules: { include: { and: [[s1]] }, values: [[globexValue]] } }, categories: [age.id] },
      });
      expect(expectError(res, 422, 'UNKNOWN_SEGMENTS').error.details).toEqual({ unknown: [], deleted: [], values: [globexValue] });
    });
  });
});
