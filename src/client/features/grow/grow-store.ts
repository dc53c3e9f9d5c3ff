import { proxy } from 'valtio';
import { GROW, type GrowTab } from '@shared/rules/grow';
import { showToast } from '../../lib/ui-store';

/**
 * Grow's screen state that is not server data (DESIGN: valtio): the tab, mode, focus, the
 * selection per chart, and which panel or dialog is open.
 */
type GrowPanel =
  | { kind: 'chart'; mode: 'create' | 'edit' }
  | { kind: 'market'; marketId: number | string | null }
  | { kind: 'audience'; marketId: number | string; audienceId: number | string | null };

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
  focus: 'mekko' as 'mekko' | 'insights',
  /** Selected audience ids, per chart id. */
  selection: {} as Record<string, (number | string)[]>,
  panel: null as GrowPanel | null,
  dialog: null as GrowDialog | null,
});

export function setSelection(chartId: number | string, ids: (number | string)[]): void {
  growState.selection[String(chartId)] = ids;
}

/** A Grow notice, shown for the spec's 2500 ms. */
export const growToast = (title: string) => showToast(title, undefined, GROW.toastMs);
