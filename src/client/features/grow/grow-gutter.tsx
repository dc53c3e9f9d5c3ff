import { useEffect, useState } from 'react';
import { GROW, GROW_TEXT } from '@shared/rules/grow';

interface Props {
  focus: 'mekko' | 'insights';
  selectedCount: number;
  onFocus: (focus: 'mekko' | 'insights') => void;
}

const hintSeen = () => document.cookie.split('; ').some((c) => c === `${GROW.hintCookie}=1`);
const rememberHint = () => {
  document.cookie = `${GROW.hintCookie}=1; max-age=${GROW.hintCookieDays * 86_400}; path=/; SameSite=Lax`;
};

/**
 * The narrow gutter between chart and insights (spec 3 §2.2): one of the two has the room at a
 * time. A first visit gets the hint to open the insights (remembered 365 days, gone after 10 s);
 * selecting several audiences gets the multiple-selection hint.
 */
export function GrowGutter({ focus, selectedCount, onFocus }: Props) {
  const [firstVisit, setFirstVisit] = useState(() => !hintSeen());
  // The multiple-selection hint hides after 10 s, and shows again when the selection changes.
  const [hiddenAtCount, setHiddenAtCount] = useState(0);
  const showMultiple = selectedCount > 1 && focus === 'mekko' && hiddenAtCount !== selectedCount;
  const hint = showMultiple ? GROW_TEXT.hintMultiple : firstVisit ? GROW_TEXT.hintFirstVisit : null;
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
  const choose = (next: 'mekko' | 'insights') => {
    setFirstVisit(false);
    setHiddenAtCount(selectedCount);
    onFocus(next);
  };
  return (
    <div className="grow-gutter" role="toolbar" aria-label="Layout" aria-orientation="vertical">
      <button type="button" className="grow-gutter__button" aria-pressed={focus === 'mekko'} onClick={() => choose('mekko')}>{GROW_TEXT.showHideChart}</button>
      {/* The hint stands beside the button it is about, below the chart's column names (issue 13). */}
      <div className="grow-gutter__insights">
        <button type="button" className="grow-gutter__button" aria-pressed={focus === 'insights'} onClick={() => choose(focus === 'insights' ? 'mekko' : 'insights')}>{GROW_TEXT.showHideInsights}</button>
        {hint ? <p role="status" className="grow-gutter__hint">{hint}</p> : null}
      </div>
    </div>
  );
}
