import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Popover, Tabs } from 'radix-ui';
import { formatAsOf } from '@shared/rules/format';
import { GROW_TEXT, formatCount, type CountType, type InsightLevel, type TvCountSettings } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { audienceCountQueryOptions, categoriesQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { keptSince } from '../../lib/offline/last-good';
import { CreateIndexReportButton } from './create-index-report-button';
import { InsightWidget } from './insight-widget';
import { CATEGORY_STORAGE_KEY, chosenCategories, parseStoredCategories, toggleCategory, tvNotice, type InsightMarket } from './insights-model';
import { MarketLevelInsights } from './market-level-insights';

interface InsightsPanelProps {
  level: InsightLevel;
  /** The selection's audience rule; null when nothing is selected. */
  rules: AudienceRules | null;
  /** What the insights are of, e.g. 'Matched Addressable · 2 audiences selected'. */
  caption: string;
  markets: InsightMarket[];
  countType: CountType;
  /** TV count settings, the region's people and its slug; null when the chart counts people. */
  tv: { settings: TvCountSettings; people: number; regionSlug: string } | null;
  /** Which levels the tabs configuration shows. */
  levels: { person: boolean; market: boolean };
  onLevelChange(level: InsightLevel): void;
  /** X-Context of the chart (client/region/brand/product). */
  context: string;
  /** "Create Index Report" of the selection: why it is refused, or null, and what opens the form. */
  indexReport: { block: string | null; onCreate(): void };
}

const SELECT_PROMPT = 'Select audiences in the chart to see who they are.';
const LEVEL_LABEL: Record<InsightLevel, string> = { person: 'Person Level', market: 'Market Level' };

function readStored(): string[] | null {
  try {
    return parseStoredCategories(localStorage.getItem(CATEGORY_STORAGE_KEY));
  } catch {
    return null;
  }
}

function writeStored(names: readonly string[]): void {
  try {
    localStorage.setItem(CATEGORY_STORAGE_KEY, JSON.stringify(names));
  } catch {
    // Storage can be unavailable (private mode): the choice lasts for this visit.
  }
}

/**
 * Grow's insights area (spec 3 §2.2, §4): Person Level widgets of the selection from the count
 * engine, and Market Level shares of the chart, each tab shown when the tabs configuration allows.
 */
export function InsightsPanel({ level, rules, caption, markets, countType, tv, levels, onLevelChange, context, indexReport }: InsightsPanelProps) {
  const allowed = (['person', 'market'] as const).filter((l) => levels[l]);
  const shown: InsightLevel = levels[level] ? level : (allowed[0] ?? level);

  return (
    <div className="insights-panel">
      <header className="insights-panel__header">
        <h2 className="insights-panel__title">Insights</h2>
        <p className="insights-panel__caption">{caption}</p>
        <CreateIndexReportButton block={indexReport.block} onCreate={indexReport.onCreate} />
      </header>
      <Tabs.Root value={shown} onValueChange={(v) => (v === 'person' || v === 'market' ? onLevelChange(v) : undefined)}>
        {allowed.length > 0 ? (
          <Tabs.List className="tabs__list" aria-label="Insights level">
            {allowed.map((l) => (
              <Tabs.Trigger key={l} className="tabs__trigger" value={l}>{LEVEL_LABEL[l]}</Tabs.Trigger>
            ))}
          </Tabs.List>
        ) : null}
        {levels.person ? (
          <Tabs.Content value="person" className="insights-panel__content">
            {rules ? <PersonLevel context={context} rules={rules} countType={countType} tv={tv} /> : <p className="insight-prompt">{SELECT_PROMPT}</p>}
          </Tabs.Content>
        ) : null}
        {levels.market ? (
          <Tabs.Content value="market" className="insights-panel__content">
            <MarketLevelInsights markets={markets} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </div>
  );
}

interface PersonLevelProps {
  context: string;
  rules: AudienceRules;
  countType: CountType;
  tv: InsightsPanelProps['tv'];
}

function PersonLevel({ context, rules, countType, tv }: PersonLevelProps) {
  const categories = useQuery(categoriesQueryOptions(context));
  const [stored, setStored] = useState<string[] | null>(readStored);
  const all = categories.data ?? [];
  const shown = chosenCategories(all, stored);
  const shownNames = shown.map((c) => c.name);
  const choose = (name: string, on: boolean) => {
    const next = toggleCategory(shownNames, name, on);
    setStored(next);
    writeStored(next);
  };

  return (
    <div className="person-insights">
      <AudienceSummary context={context} rules={rules} countType={countType} tv={tv} />
      {categories.data ? (
        <>
          <div className="person-insights__toolbar">
            <CategoryChooser categories={all} shown={shownNames} onChange={choose} />
          </div>
          {shown.length === 0 ? <p className="insight-prompt">Choose categories to see who this audience is.</p> : null}
          <div className="person-insights__widgets">
            {shown.map((c) => (
              <InsightWidget key={c.id} context={context} rules={rules} category={c} onRemove={() => choose(c.name, false)} />
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

/** The selection's people count, and with a TV chart its estimated panelists or why they are not shown. */
function AudienceSummary({ context, rules, countType, tv }: PersonLevelProps) {
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
function CategoryChooser({ categories, shown, onChange }: ChooserProps) {
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
