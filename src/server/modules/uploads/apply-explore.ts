import { ALL_DATA_PERSONA_NAME, EXPLORE_LIMITS } from '@shared/rules/explore';
import { escapeHtml, mergeFigures, norm, sameFigures, UPLOAD_TEXT, type UploadIssue } from '@shared/rules/uploads';
import { matchExploreRows, type ExploreTarget } from '@shared/rules/upload-rows';
import type { UpdatedWidget } from '@shared/schemas/uploads';
import { AppError } from '../../lib/errors';
import { productScope, type ExploreScope } from '../explore/explore-common';
import * as explore from '../explore/explore-repository';
import { createWidget, updateWidget } from '../explore/widget-service';
import { categoriesByName } from './apply-grow';
import type { Applied, ProductGroup, UploadScope } from './uploads-service';

/**
 * The Explore uploader (issue 29): custom Market Level widgets under the product's 'All Data'
 * persona, one per tab and widget name. Rows set the widget's attributes (a category of the
 * region and a value of it, as people or a percent); a widget not there yet is made. Each widget
 * is written in its own transaction through the widget service (its checks, version and audit).
 */

const rowsOf = (target: ExploreTarget) => [...new Set(target.figures.map((f) => f.row))];

export async function applyExplore(scope: UploadScope, groups: ProductGroup[]): Promise<Applied> {
  const categories = await categoriesByName(scope);
  const issues: UploadIssue[] = [];
  const updated: UpdatedWidget[] = [];
  for (const group of groups) {
    const matched = matchExploreRows(group.rows, categories);
    issues.push(...matched.issues);
    for (const target of matched.targets.values()) {
      try {
        const widget = await scope.db.transaction(async (tx) => {
          const writeScope: ExploreScope = { ...scope, db: tx, ctx: group.ctx };
          const persona = await explore.ensureAllData(tx, productScope(writeScope), ALL_DATA_PERSONA_NAME);
          const existing = (await explore.widgetsOf(tx, persona.id))
            .find((w) => w.kind === 'market' && norm(w.tab) === norm(target.tab) && norm(w.name) === norm(target.name));
          const rows = mergeFigures(existing?.rows ?? [], target.figures);
          if (rows.length > EXPLORE_LIMITS.widgetRows) throw new AppError(422, 'VALIDATION_FAILED', UPLOAD_TEXT.tooManyWidgetRows(EXPLORE_LIMITS.widgetRows));
          if (existing && sameFigures(rows, existing.rows)) return null;
          if (existing) return (await updateWidget(writeScope, existing.id, { rows, version: existing.version })).data;
          return (await createWidget(writeScope, { persona_id: persona.id, kind: 'market', name: target.name, tab: target.tab, rows })).data;
        });
        if (!widget) continue;
        updated.push({ tab_name: widget.tab, name: widget.name, demo_attributes: [...new Set(target.figures.map((f) => `${f.attribute}: ${f.value}`))] });
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        issues.push(...rowsOf(target).map((row) => ({ column: 'D', row, message: escapeHtml(err.message) })));
      }
    }
  }
  return { updated, issues };
}
