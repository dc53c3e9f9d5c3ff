import { proxy } from 'valtio';
import { GROW, type GrowTab } from '@shared/rules/grow';
import { errorToast, successToast } from '../../lib/ui-store';
import { SPLIT } from '../../components/split-handle';

/**
 * Grow's screen state that is not server data (DESIGN: valtio): the tab, mode, focus, the
 * selection per chart, and which panel or dialog is open.
 */
type GrowPanel =
  | { kind: 'chart'; mode: 'create' | 'edit' }
  | { kind: 'market'; marketId: number | string | null }
  | { kind: 'audience'; marketId: number | string; audienceId: number | string | null }
  /** The discussion cluster form (650): a node, or null to choose one. */
  | { kind: 'discussion'; nodeId: number | null };

type GrowDialog =
  | { kind: 'cannot-filter'; name: string }
  | { kind: 'invalid-selected' }
  | { kind: 'delete-chart' }
  | { kind: 'delete-market'; marketId: number | string }
  | { kind: 'delete-audience'; audienceId: number | string };

export const growState = proxy({
  tab: 'matched' as GrowTab,
  mode: 'view' as 'view' | 'edit',
  /** Which half has the room: the chart, or the insights (spec 3 §2.2: one at a time). */
  focus: 'chart' as 'chart' | 'insights',
  /** The chart's share of the width with the insights open, in percent (the user may drag it). */
  chartSharePct: SPLIT.defaultPct as number,
  /** Selected audience ids, per chart id. */
  selection: {} as Record<string, (number | string)[]>,
  panel: null as GrowPanel | null,
  dialog: null as GrowDialog | null,
});

/** The tab shown; and a dialog, or none. Plain functions, so event handlers change the store without the component owning it. */
export function setTab(tab: GrowTab): void {
  growState.tab = tab;
}
export function showDialog(dialog: GrowDialog | null): void {
  growState.dialog = dialog;
}

export function setChartShare(pct: number): void {
  growState.chartSharePct = pct;
}

export function setSelection(chartId: number | string, ids: (number | string)[]): void {
  growState.selection[String(chartId)] = ids;
}

/** A Grow notice, shown for the spec's 2500 ms. */
export const growToast = (title: string) => successToast(title, undefined, GROW.toastMs);
/** Grow's failure notices: errors, for Grow's notice duration. */
export const growErrorToast = (title: string) => errorToast(title, undefined, GROW.toastMs);
