import './count-tabs.css';
import { Tooltip } from 'radix-ui';
import { formatCount, GROW_TEXT, type GrowTab } from '@shared/rules/grow';
import { CountTypeIcon } from './count-type-icon';
import { BUILD_TIER } from '../lib/guards';

interface Props {
  tab: GrowTab;
  /** Each tab's total; without, the tabs show only their names (Journey's totals are per stage). */
  totals?: Record<GrowTab, number | null>;
  /** Person tabs exist only when the tabs configuration shows Person Level. */
  levels: { person: boolean; market: boolean };
  countType: 'people_count' | 'tv_panelists';
  onChange: (tab: GrowTab) => void;
  /** The tabs' names where the area's spec words them differently (Journey: Matched, Modeled). */
  labels?: Record<GrowTab, string>;
}

const tier3 = BUILD_TIER === 'tier3';
const TABS: { tab: GrowTab; label: string; tooltip: string; level: 'market' | 'person' }[] = [
  { tab: 'total', label: GROW_TEXT.tabTotal, tooltip: GROW_TEXT.tooltipTotal, level: 'market' },
  { tab: 'matched', label: GROW_TEXT.tabMatched, tooltip: tier3 ? GROW_TEXT.tooltipMatchedTier3 : GROW_TEXT.tooltipMatched, level: 'person' },
  { tab: 'modeled', label: GROW_TEXT.tabModeled, tooltip: tier3 ? GROW_TEXT.tooltipModeledTier3 : GROW_TEXT.tooltipModeled, level: 'person' },
];

/**
 * Total Population, Matched and Modeled Addressable (Grow, Measure; Journey names them its own way), each with its total (a dash
 * below the TV minimum) and what it means.
 */
export function CountTabs({ tab, totals, levels, countType, onChange, labels }: Props) {
  return (
    <Tooltip.Provider delayDuration={300}>
      <div role="tablist" aria-label="Count" className="count-tabs">
        {TABS.filter((t) => (t.level === 'person' ? levels.person : levels.market)).map((t) => (
          <Tooltip.Root key={t.tab}>
            <Tooltip.Trigger asChild>
              <button type="button" role="tab" aria-selected={tab === t.tab} className={`count-tab${tab === t.tab ? ' count-tab--active' : ''}`} onClick={() => onChange(t.tab)}>
                <span className="count-tab__label">{labels?.[t.tab] ?? t.label}</span>
                {totals ? <span className="count-tab__total"><CountTypeIcon countType={countType} /> {formatCount(totals[t.tab])}</span> : null}
              </button>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className="tooltip" sideOffset={4}>{t.tooltip}</Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        ))}
      </div>
    </Tooltip.Provider>
  );
}
