import { Fragment } from 'react';
import { CURVE_LABELS, isValidCurveRow, MEDIA_TYPES, paramsOfRow, type CurveRowField, type CurveRowIssues } from '@shared/rules/curves';
import { BlockableButton } from '../../components/blockable-button';
import { FieldError, fieldErrorId } from '../../components/field-error';
import { CurveShape } from './curve-shape';
import type { EditedRow } from './curve-rows';

const NUMBER_FIELDS = ['a', 'b', 'c', 'd', 'e'] as const;

interface Props {
  edited: EditedRow;
  /** 1-based, as the row is named to assistive technology. */
  number: number;
  issues: CurveRowIssues;
  typeNames: readonly string[];
  isTrp: (typeName: string) => boolean;
  /** The id of C's column hint, read with each C input. */
  hintId: string;
  onField: (field: CurveRowField, value: string) => void;
  onTouch: (field: CurveRowField) => void;
  /** Why this row may not be deleted now, or null. */
  deleteBlock: string | null;
  onDelete: () => void;
}

/** One curve of the parameter table: its media type, curve type, A to E, and for a TRP curve its cost. */
export function CurveTableRow({ edited, number, issues, typeNames, isTrp, hintId, onField, onTouch, deleteBlock, onDelete }: Props) {
  const { row } = edited;
  const formId = `curve-${edited.key}`;
  const trp = isTrp(row.curve_type_name);
  const name = (field: CurveRowField) => `${CURVE_LABELS[field]}, row ${number}`;
  const described = (field: CurveRowField, extra?: string) => {
    const ids = [extra, issues[field] ? fieldErrorId(formId, field) : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': issues[field] ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const text = (field: CurveRowField, extra?: string) => (
    <td className="curve-table__cell">
      <input
        type="text"
        inputMode="decimal"
        className="curve-table__number"
        aria-label={name(field)}
        value={row[field]}
        onChange={(e) => onField(field, e.target.value)}
        onBlur={() => onTouch(field)}
        {...described(field, extra)}
      />
      <FieldError id={formId} field={field} message={issues[field]} />
    </td>
  );
  const select = (field: CurveRowField, options: readonly { value: string; label: string }[], placeholder: string | null) => (
    <td className="curve-table__cell">
      <select
        aria-label={name(field)}
        value={row[field]}
        // A choice is complete when made: its message shows at once.
        onChange={(e) => {
          onField(field, e.target.value);
          onTouch(field);
        }}
        onBlur={() => onTouch(field)}
        {...described(field)}
      >
        {placeholder !== null ? <option value="">{placeholder}</option> : null}
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      <FieldError id={formId} field={field} message={issues[field]} />
    </td>
  );
  const media = [...MEDIA_TYPES, ...(row.media_type && !(MEDIA_TYPES as readonly string[]).includes(row.media_type) ? [row.media_type] : [])];
  const types = [...typeNames, ...(row.curve_type_name && !typeNames.includes(row.curve_type_name) ? [row.curve_type_name] : [])];
  return (
    <>
      <tr className={edited.messages.length > 0 ? 'curve-table__row curve-table__row--refused' : 'curve-table__row'}>
        {select('media_type', media.map((m) => ({ value: m, label: m })), 'Select…')}
        {select('curve_type_name', types.map((t) => ({ value: t, label: t })), 'None')}
        {NUMBER_FIELDS.map((field) => <Fragment key={field}>{text(field, field === 'c' ? hintId : undefined)}</Fragment>)}
        {trp ? select('cpp_or_cpm', [{ value: '0', label: 'CPP (0)' }, { value: '1', label: 'CPM (1)' }], row.cpp_or_cpm === '' ? 'Select…' : null) : <NotApplicable />}
        {trp ? text('cpp') : <NotApplicable />}
        <td className="curve-table__cell curve-table__cell--shape">
          {isValidCurveRow(row) ? <CurveShape params={paramsOfRow(row)} media={row.media_type} /> : <span className="subtitle">Shown once valid</span>}
        </td>
        <td className="curve-table__cell">
          <BlockableButton block={deleteBlock} onClick={onDelete} className="button button--ghost curve-table__delete">
            Delete<span className="visually-hidden">{` row ${number}`}</span>
          </BlockableButton>
        </td>
      </tr>
      {edited.messages.length > 0 ? (
        <tr className="curve-table__messages">
          <td colSpan={11}>
            <ul aria-label={`Server messages of row ${number}`}>
              {edited.messages.map((m, i) => <li key={`${i}-${m}`} className="form-error">{m}</li>)}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}

const NotApplicable = () => (
  <td className="curve-table__cell curve-table__cell--na">
    <span aria-hidden="true">–</span>
    <span className="visually-hidden">Not for a Spend curve</span>
  </td>
);
