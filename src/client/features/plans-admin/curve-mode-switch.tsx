import { CURVE_TEXT } from '@shared/rules/curves';
import type { CurveMode } from './curve-rows';

/**
 * Use Generic Curves and Upload Curves (spec 2 §4): two checkboxes, never both on; turning one on
 * turns the other off.
 */
export function CurveModeSwitch({ mode, onMode }: { mode: CurveMode | null; onMode: (mode: CurveMode | null) => void }) {
  const box = (value: CurveMode, label: string) => (
    <label className="curve-mode__option">
      <input type="checkbox" checked={mode === value} onChange={(e) => onMode(e.target.checked ? value : null)} />
      {label}
    </label>
  );
  return (
    <fieldset className="curve-mode">
      <legend>Curves</legend>
      {box('generic', CURVE_TEXT.useGeneric)}
      {box('upload', CURVE_TEXT.upload)}
    </fieldset>
  );
}
