import '../../styles/insights.css';
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { formatAsOf } from '@shared/rules/format';
import { GROW_TEXT, formatCount, type CountType, type TvCountSettings } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceCountQueryOptions, categoriesQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { keptSince } from '../../lib/offline/last-good';
import { InsightWidget, type WidgetBase } from './insight-widget';
import { categoryStorageKey, chosenCategories, parseStoredCategories, toggleCategory, tvNotice, type InsightArea } from './insights-model';

/** TV count settings, the region's people and its slug; null when the count is of people. */
export type TvContext = { settings: TvCountSettings; people: number; regionSlug: string } | null;

function readStored(area: InsightArea): string[] | null {
  try {
    return parseStoredCategories(localStorage.getItem(categoryStorageKey(area)));
  } catch {
    return null;
  }
}

function writeStored(area: InsightArea, names: readonly string[]): void {
  try {
    localStorage.setItem(categoryStorageKey(area), JSON.stringify(names));
  } catch {
    // Storage can be unavailable (private mode): the choice lasts for this visit.
  }
}

interface PersonLevelProps {
  /** Whose choice of categories this is (each area remembers its own). */
  area: InsightArea;
  context: string;
  /** Null is everyone in the region (then no people count is shown but the summary given). */
  rules: AudienceRules | null;
  countType: CountType;
  tv: TvContext;
  /** In place of the people in the audience (Explore shows its matched count itself); the summary when absent. */
  summary?: ReactNode;
  /** A value's row was chosen (Explore adds it as a filter). */
  onValueClick?: (value: { id: number; name: string; category: string }) => void;
  /** Read the audience against this one in place of everyone (the analysis pages). */
  base?: WidgetBase;
}

/**
 * Person Level insights of a rule (spec 3 §2.1, §2.2, §4), shared by Grow and Explore: the people
 * in the audience and one index widget per chosen category from the count engine.
 */
export function PersonLevel({ area, context, rules, countType, tv, summary, onValueClick, base }: PersonLevelProps) {
  const categories = useQuery(categoriesQueryOptions(context));
  const [stored, setStored] = useState<string[] | null>(() => readStored(area));
  const all = categories.data ?? [];
  const shown = chosenCategories(all, stored);
  const shownNames = shown.map((c) => c.name);
  const choose = (name: string, on: boolean) => {
    const next = toggleCategory(shownNames, name, on);
    setStored(next);
    writeStored(area, next);
  };

  return (
    <div className="person-insights">
      {summary === undefined && rules ? <AudienceSummary context={context} rules={rules} countType={countType} tv={tv} /> : summary}
      {categories.data ? (
        <>
          <div className="person-insights__toolbar">
            <CategoryChooser categories={all} shown={shownNames} onChange={choose} />
          </div>
          {shown.length === 0 ? <p className="insight-prompt">Choose categories to see who this audience is.</p> : null}
          <div className="person-insights__widgets">
            {shown.map((c) => (
              <InsightWidget key={c.id} context={context} rules={rules} category={c} onRemove={() => choose(c.name, false)} onValueClick={onValueClick} base={base} />
            ))}
          </div>
        </>
      ) : categories.isError ? (
        <p role="alert" className="insight-error">{insightErrorMessage(categories.error)}</p>
      ) : (
        <p role="status" aria-busy="true" className="insight-loading">{GROW_TEXT.loading}</p>
      )}
    </div>
  );
}

/** The audience's people count, and with a TV count its estimated panelists or why they are not shown. */
export function AudienceSummary({ context, rules, countType, tv }: Pick<PersonLevelProps, 'context' | 'countType' | 'tv'> & { rules: AudienceRules }) {
  const count = useQuery(audienceCountQueryOptions(context, rules));
  const showTv = countType === 'tv_panelists' && tv !== null;
  const notice = showTv && count.data !== undefined ? tvNotice(count.data, tv) : null;
  const asOf = keptSince(count);

  return (
    <div className="audience-summary" aria-busy={count.isPending} aria-live="polite">
      {count.data !== undefined ? (
        <p className="audience-summary__count">
          People in the audience: <strong>{formatCount(count.data)}</strong>
        </p>
      ) : count.isError ? (
        <p role="alert" className="insight-error">{insightErrorMessage(count.error)}</p>
      ) : (
        <p role="status" className="insight-loading">{GROW_TEXT.loading}</p>
      )}
      {asOf !== null ? <p className="insight-note" role="status">Offline · as of {formatAsOf(asOf)}</p> : null}
      {notice ? (
        notice.panelists === null ? (
          <div className="tv-notice tv-notice--small" role="note">
            {notice.warnings.map((w) => <p key={w}>{w}</p>)}
          </div>
        ) : (
          <div className="tv-notice">
            <p className="audience-summary__count">
              Estimated TV panelists: <strong>{formatCount(notice.panelists)}</strong>
            </p>
            {notice.notes.map((n) => <p key={n} className="tv-notice__note">{n}</p>)}
          </div>
        )
      ) : null}
    </div>
  );
}

interface ChooserProps {
  categories: readonly { id: number; name: string }[];
  shown: readonly string[];
  onChange(name: string, on: boolean): void;
}

/** Adds and removes categories (remembered on this device). */
export function CategoryChooser({ categories, shown, onChange }: ChooserProps) {
  return (
    <Popover.Root>
      <Popover.Trigger className="button button--secondary">Choose categories</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="category-chooser" align="end" sideOffset={4}>
          <fieldset className="category-chooser__list">
            <legend className="category-chooser__legend">Categories to show</legend>
            {categories.map((c) => (
              <label key={c.id} className="category-chooser__item">
                <input type="checkbox" checked={shown.includes(c.name)} onChange={(e) => onChange(c.name, e.target.checked)} /> {c.name}
              </label>
            ))}
          </fieldset>
          <Popover.Close className="button button--ghost">Done</Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
