import { useId } from 'react';
import { canAddSet, CURVE_LABELS, CURVE_TEXT, type CurveRowField } from '@shared/rules/curves';
import { CurveTableRow } from './curve-row';
import { shownIssues, type EditedRow } from './curve-rows';

interface Props {
  rows: EditedRow[];
  showAll: boolean;
  typeNames: readonly string[];
  isTrp: (typeName: string) => boolean;
  onField: (key: number, field: CurveRowField, value: string) => void;
  onTouch: (key: number, field: CurveRowField) => void;
  onAdd: () => void;
  deleteBlock: (row: EditedRow) => string | null;
  onDelete: (row: EditedRow) => void;
}

const HEADERS: CurveRowField[] = ['media_type', 'curve_type_name', 'a', 'b', 'c', 'd', 'e', 'cpp_or_cpm', 'cpp'];

/**
 * Upload Curves (spec 2 §2, §5): one row per media type's curve, its numbers typed in place and
 * checked as typed; Add New Set once the last row is valid. Wider than a laptop's card, it
 * scrolls sideways inside the card, never the page.
 */
export function CurveTable({ rows, showAll, typeNames, isTrp, onField, onTouch, onAdd, deleteBlock, onDelete }: Props) {
  const hintId = useId();
  return (
    <div className="curve-table">
      <div className="curve-table__scroll" role="region" aria-label="Curve parameters" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              {HEADERS.map((field) => (
                <th key={field} scope="col">
                  {CURVE_LABELS[field]}
                  {field === 'c' ? <span id={hintId} className="curve-table__hint">The spend or TRPs at which the curve turns</span> : null}
                  {field === 'cpp_or_cpm' ? <span className="curve-table__hint">TRP curves: CPM = 1, CPP = 0</span> : null}
                </th>
              ))}
              <th scope="col">Shape</th>
              <th scope="col"><span className="visually-hidden">Delete</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <CurveTableRow
                key={r.key}
                edited={r}
                number={i + 1}
                issues={shownIssues(r, showAll)}
                typeNames={typeNames}
                isTrp={isTrp}
                hintId={hintId}
                onField={(field, value) => onField(r.key, field, value)}
                onTouch={(field) => onTouch(r.key, field)}
                deleteBlock={deleteBlock(r)}
                onDelete={() => onDelete(r)}
              />
            ))}
          </tbody>
        </table>
      </div>
      {canAddSet(rows.map((r) => r.row)) ? (
        <button type="button" className="button button--secondary curve-table__add" onClick={onAdd}>{CURVE_TEXT.addSet}</button>
      ) : null}
    </div>
  );
}
