import { escapeHtml, mergeFigures, norm, sameFigures, UPLOAD_LIMITS, UPLOAD_TEXT, type Figure, type UploadIssue } from '@shared/rules/uploads';
import { matchJourneyRows, type JourneyCatalog, type JourneyTarget } from '@shared/rules/upload-rows';
import type { UpdatedJourney } from '@shared/schemas/uploads';
import { AppError, unavailable } from '../../lib/errors';
import { auditWrite } from '../audit/audit-repository';
import { chartScope, type GrowScope } from '../grow/grow-common';
import { contextClientRegion } from '../insights/insights-service';
import * as journeys from '../journeys/journeys-repository';
import { updateJourney } from '../journeys/journeys-service';
import { bodyOf } from '../journeys/journeys-views';
import { categoriesByName } from './apply-grow';
import { liveSegments } from './uploads-repository';
import type { Applied, ProductGroup, UploadScope } from './uploads-service';

/**
 * The Journeys uploader (issue 29): each row names a cell (journey, brand, stage) and sets one of
 * its market-level demographic figures, and may set its population and its matched and modeled
 * segments. Population and segments go through the journey's own save (updateJourney: its checks,
 * merge, version and audit); figures are written in the same transaction, one per journey.
 */

async function catalogOf(scope: GrowScope, categories: Map<string, string>, identifiers: string[]): Promise<JourneyCatalog> {
  const rows = await journeys.listJourneys(scope.db, chartScope(scope.ctx));
  const items = await journeys.itemsOf(scope.db, rows.map((r) => r.id));
  const segments = await liveSegments(scope.db, await contextClientRegion(scope), identifiers);
  return {
    categories,
    segments,
    journeys: new Map(rows.map((j) => [norm(j.name), {
      id: j.id,
      name: j.name,
      brands: new Map(items.brands.filter((b) => b.journeyId === j.id).map((b) => [norm(b.name), { id: b.id, name: b.name }])),
      stages: new Map(items.stages.filter((s) => s.journeyId === j.id).map((s) => [norm(s.name), { id: s.id, name: s.name }])),
    }])),
  };
}

/** Rows that set a cell's population or segments, for naming them when the journey's save refuses. */
const structureRows = (targets: JourneyTarget[]) =>
  targets.flatMap((t) => [t.population, t.matched, t.modeled].flatMap((x) => (x ? [x.row] : [])));

export async function applyJourneys(scope: UploadScope, groups: ProductGroup[]): Promise<Applied> {
  const categories = await categoriesByName(scope);
  const issues: UploadIssue[] = [];
  const updated: UpdatedJourney[] = [];
  for (const group of groups) {
    const readScope: GrowScope = { ...scope, ctx: group.ctx };
    const identifiers = group.rows.flatMap((r) => [r.values.matched, r.values.modeled].filter((v): v is string => typeof v === 'string'));
    const matched = matchJourneyRows(group.rows, group.productName, await catalogOf(readScope, categories, identifiers));
    issues.push(...matched.issues);
    const byJourney = new Map<number, JourneyTarget[]>();
    for (const t of matched.targets.values()) byJourney.set(t.journeyId, [...(byJourney.get(t.journeyId) ?? []), t]);

    for (const [journeyId, targets] of byJourney) {
      const done = await scope.db.transaction(async (tx) => {
        const writeScope: GrowScope = { ...scope, db: tx, ctx: group.ctx };
        const row = await journeys.findJourney(tx, chartScope(group.ctx), journeyId);
        if (!row) return null;
        const before = await journeys.itemsOf(tx, [journeyId]);
        const cellOf = (t: JourneyTarget) => before.cells.find((c) => c.journeyBrandId === t.brandId && c.journeyStageId === t.stageId);
        // What each cell would become; a row that sets what is already there changes nothing.
        const figureWrites: { target: JourneyTarget; figures: Figure[] }[] = [];
        const structure: JourneyTarget[] = [];
        for (const t of targets) {
          const cell = cellOf(t);
          if (!cell) continue;
          if (t.figures.length > 0) {
            const figures = mergeFigures(cell.demographics, t.figures);
            if (figures.length > UPLOAD_LIMITS.figuresPerItem) issues.push(...t.figures.map((f) => ({ column: 'I', row: f.row, message: UPLOAD_TEXT.tooManyFigures })));
            else if (!sameFigures(figures, cell.demographics)) figureWrites.push({ target: t, figures });
          }
          if ((t.population && t.population.value !== cell.population) || (t.matched && t.matched.id !== cell.matchedId) || (t.modeled && t.modeled.id !== cell.modeledId)) structure.push(t);
        }
        if (figureWrites.length === 0 && structure.length === 0) return [];
        let claimed = false;
        const saved: JourneyTarget[] = [];
        if (structure.length > 0) {
          const body = bodyOf(row, before);
          for (const t of structure) {
            const cell = body.sub_markets.find((c) => c.journey_brand_id === t.brandId && c.journey_stage_id === t.stageId)!;
            if (t.population) cell.population = t.population.value;
            if (t.matched) cell.matched_id = t.matched.id;
            if (t.modeled) cell.modeled_id = t.modeled.id;
          }
          try {
            // A savepoint: a refused save leaves the figures to be written on their own.
            await tx.transaction((sp) => updateJourney({ ...writeScope, db: sp }, journeyId, { ...body, version: row.version }));
            claimed = true;
            saved.push(...structure);
          } catch (err) {
            if (!(err instanceof AppError) || err.status >= 500) throw err;
            issues.push(...structureRows(structure).map((r) => ({ column: 'M', row: r, message: `The journey refused these values: ${escapeHtml(err.message)}` })));
          }
        }
        if (figureWrites.length === 0 && !claimed) return [];
        if (!claimed) {
          const claim = await journeys.claimJourney(tx, chartScope(group.ctx), journeyId, row.version);
          if (!claim) throw unavailable('The journey changed while the upload was applied; upload the file again.');
        }
        for (const w of figureWrites) await journeys.setCellDemographics(tx, journeyId, w.target.brandId, w.target.stageId, w.figures);
        const written = targets.filter((t) => saved.includes(t) || figureWrites.some((w) => w.target === t));
        await auditWrite(writeScope, 'journey.upload', `journey:${journeyId}`, { cells: written.length, figures: figureWrites.reduce((n, w) => n + w.target.figures.length, 0) });
        return written;
      });
      if (!done) continue;
      const byBrand = new Map<number, UpdatedJourney>();
      for (const t of done) {
        const entry = byBrand.get(t.brandId) ?? { journey_name: t.journeyName, brand: { name: t.brandName }, stages: [] };
        if (!entry.stages.some((s) => s.name === t.stageName)) entry.stages.push({ name: t.stageName });
        byBrand.set(t.brandId, entry);
      }
      updated.push(...byBrand.values());
    }
  }
  return { updated, issues };
}
