import { useId } from 'react';
import { blocksNumberKey } from '@shared/rules/brands';
import { FieldError, fieldErrorProps } from '../../components/field-error';

interface FieldProps {
  label: string;
  value: string;
  /** The message shown under the field (spec 2 §5), if any. */
  error?: string;
  onChange: (value: string) => void;
  /** The field was left: its rule may be said from now on. */
  onBlur?: () => void;
  maxLength?: number;
}

/** A labelled text input with its message under it. */
export function TextField({ label, value, error, onChange, onBlur, maxLength }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={value} maxLength={maxLength} {...fieldErrorProps(id, 'value', error)} onChange={(e) => onChange(e.target.value)} onBlur={onBlur} />
      <FieldError id={id} field="value" message={error} />
    </div>
  );
}

/** A company ID: a number input that ignores 'e', 'E', '-' and '+' (spec 2 §5). */
export function CompanyIdField({ label, value, error, onChange, onBlur }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        {...fieldErrorProps(id, 'value', error)}
        onKeyDown={(e) => (blocksNumberKey(e.key) ? e.preventDefault() : undefined)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
      <FieldError id={id} field="value" message={error} />
    </div>
  );
}

interface RegionsProps {
  regions: readonly { id: number; name: string }[];
  value: readonly number[];
  error?: string;
  onChange: (ids: number[]) => void;
}

/** The product's regions: any of the client's, at least one (spec 2 §5). */
export function RegionsField({ regions, value, error, onChange }: RegionsProps) {
  const id = useId();
  const toggle = (regionId: number, on: boolean) => onChange(on ? regions.map((r) => r.id).filter((r) => r === regionId || value.includes(r)) : value.filter((r) => r !== regionId));
  return (
    <fieldset className="field brand-admin__regions" {...fieldErrorProps(id, 'value', error)}>
      <legend>Regions</legend>
      {regions.map((r) => (
        <label key={r.id} className="field--inline">
          <input type="checkbox" checked={value.includes(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} />
          {r.name}
        </label>
      ))}
      <FieldError id={id} field="value" message={error} />
    </fieldset>
  );
}
