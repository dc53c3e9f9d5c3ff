import { useEffect, useState } from 'react';
import './split.css';
import { GROW, GROW_TEXT } from '@shared/rules/grow';

type Focus = 'chart' | 'insights';

interface Props {
  focus: Focus;
  /** How many things are selected in the chart (audiences, stages): several get the multiple-selection hint. */
  selectedCount: number;
  onFocus: (focus: Focus) => void;
  /** The multiple-selection hint (Grow's names audiences); Grow's when absent. */
  multipleHint?: string;
}

const hintSeen = () => document.cookie.split('; ').some((c) => c === `${GROW.hintCookie}=1`);
const rememberHint = () => {
  document.cookie = `${GROW.hintCookie}=1; max-age=${GROW.hintCookieDays * 86_400}; path=/; SameSite=Lax`;
};

/**
 * The narrow gutter between a chart and its insights (spec 3 §2.2, §2.3: Grow and Journey): one
 * of the two has the room at a time. A first visit gets the hint to open the insights
 * (remembered 365 days, gone after 10 s); selecting several things gets the multiple-selection hint.
 */
export function SplitGutter({ focus, selectedCount, onFocus, multipleHint = GROW_TEXT.hintMultiple }: Props) {
  const [firstVisit, setFirstVisit] = useState(() => !hintSeen());
  // The multiple-selection hint hides after 10 s, and shows again when the selection changes.
  const [hiddenAtCount, setHiddenAtCount] = useState(0);
  const showMultiple = selectedCount > 1 && focus === 'chart' && hiddenAtCount !== selectedCount;
  const hint = showMultiple ? multipleHint : firstVisit ? GROW_TEXT.hintFirstVisit : null;
  useEffect(() => {
    if (!firstVisit) return;
    rememberHint();
    const timer = setTimeout(() => setFirstVisit(false), GROW.hintAutoHideMs);
    return () => clearTimeout(timer);
  }, [firstVisit]);
  useEffect(() => {
    if (!showMultiple) return;
    const timer = setTimeout(() => setHiddenAtCount(selectedCount), GROW.hintAutoHideMs);
    return () => clearTimeout(timer);
  }, [showMultiple, selectedCount]);
  const choose = (next: Focus) => {
    setFirstVisit(false);
    setHiddenAtCount(selectedCount);
    onFocus(next);
  };
  return (
    <div className="split-gutter" role="toolbar" aria-label="Layout" aria-orientation="vertical">
      <button type="button" className="split-gutter__button" aria-pressed={focus === 'chart'} onClick={() => choose('chart')}>{GROW_TEXT.showHideChart}</button>
      {/* The hint stands beside the button it is about, below the chart's column names (issue 13). */}
      <div className="split-gutter__insights">
        <button type="button" className="split-gutter__button" aria-pressed={focus === 'insights'} onClick={() => choose(focus === 'insights' ? 'chart' : 'insights')}>{GROW_TEXT.showHideInsights}</button>
        {hint ? <p role="status" className="split-gutter__hint">{hint}</p> : null}
      </div>
    </div>
  );
}
