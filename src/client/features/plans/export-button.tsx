import { useState } from 'react';
import { errorToast } from '../../lib/ui-store';
import type { ScenarioView } from './scenario-edits';
import type { ScenarioExport } from './scenario-export';

/** What an export is of: the scenario the planner shows, or the scenarios compared. */
export type ExportWhat = { kind: 'scenario'; scenario: () => ScenarioExport } | { kind: 'comparison'; scenarios: readonly ScenarioView[]; currency: string };

/**
 * An .xlsx export, made in the page (it works offline). The workbook code loads on the first
 * click, not with the page.
 */
export function ExportButton({ label, what }: { label: string; what: ExportWhat }) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const exports = await import('./scenario-export');
      if (what.kind === 'scenario') exports.exportScenario(what.scenario());
      else exports.exportComparison(what.scenarios, what.currency);
    } catch (error) {
      errorToast('The workbook could not be made.', error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--secondary planner-export" disabled={busy} onClick={() => void run()}>
      {busy ? 'Exporting…' : label}
    </button>
  );
}
