import { useId, useState, type FormEvent } from 'react';
import { GROW, GROW_TEXT, measurementLabelOf, validateChart, type CountType } from '@shared/rules/grow';
import type { CreateChartBody } from '@shared/schemas/grow';
import { SlideInPanel } from '../../components/slide-in-panel';
import type { SummaryView } from './chart-edits';

interface Props {
  /** The chart to edit, or null to create one. */
  chart: SummaryView | null;
  others: readonly SummaryView[];
  verticals: readonly { key: string; display_name: string }[];
  /** TV panelists may be chosen: the region has TV count settings and the user may update charts (spec 3 §5). */
  tvAllowed: boolean;
  onSave: (body: CreateChartBody) => void;
  onClose: () => void;
}

/** Create or edit a chart (550 px slide-in): creation method, name, measurement label, count type, default. */
export function ChartFormPanel({ chart, others, verticals, tvAllowed, onSave, onClose }: Props) {
  const id = useId();
  const [method, setMethod] = useState<'blank' | 'prePopulated'>('blank');
  const [vertical, setVertical] = useState<string>('');
  const [name, setName] = useState(chart?.name ?? '');
  const [label, setLabel] = useState(chart?.measurement_label ?? '');
  const [countType, setCountType] = useState<CountType>(chart?.count_type ?? 'people_count');
  const [isDefault, setDefault] = useState(chart?.default ?? false);
  const [touched, setTouched] = useState(false);
  const issues = validateChart({ name, measurement_label: label, count_type: countType }, { others, ownId: chart?.id ?? null, tvAllowed, currentCountType: chart?.count_type ?? null });
  const issue = (field: string) => issues.find((i) => i.field === field)?.message;
  const needsVertical = method === 'prePopulated' && !vertical;

  const chooseVertical = (key: string) => {
    setVertical(key);
    // Choosing a vertical names the chart after it (spec 3 §4).
    const v = verticals.find((x) => x.key === key);
    if (v) setName(v.display_name);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (issues.length > 0 || needsVertical) return;
    onSave({
      name: name.trim(), measurement_label: measurementLabelOf(label), count_type: countType, default: isDefault,
      creation_method: chart ? 'blank' : method, vertical_type: method === 'prePopulated' ? vertical : null,
    });
  };
  const show = (field: string) => (touched || field !== 'name' || name.length > 0 ? issue(field) : undefined);

  return (
    <SlideInPanel title={chart ? `Edit chart ${chart.name}` : 'Create a Grow chart'} widthPx={GROW.panelPx.chart} onClose={onClose}>
      <form onSubmit={submit} noValidate className="grow-form">
        {chart ? null : (
          <fieldset className="field">
            <legend>How to start</legend>
            <label className="field--inline"><input type="radio" name={`${id}-method`} checked={method === 'blank'} onChange={() => setMethod('blank')} /> Blank chart</label>
            <label className="field--inline"><input type="radio" name={`${id}-method`} checked={method === 'prePopulated'} onChange={() => setMethod('prePopulated')} /> Pre-populated from an industry vertical</label>
          </fieldset>
        )}
        {method === 'prePopulated' && !chart ? (
          <div className="field">
            <label htmlFor={`${id}-vertical`}>Industry vertical</label>
            <select id={`${id}-vertical`} value={vertical} onChange={(e) => chooseVertical(e.target.value)} aria-invalid={touched && needsVertical}>
              <option value="">Choose a vertical</option>
              {verticals.map((v) => <option key={v.key} value={v.key}>{v.display_name}</option>)}
            </select>
            {touched && needsVertical ? <p className="field__error" role="alert">{GROW_TEXT.unknownVertical}</p> : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-name`}>Chart name</label>
          <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} aria-invalid={Boolean(show('name'))} aria-describedby={show('name') ? `${id}-name-error` : undefined} />
          {show('name') ? <p id={`${id}-name-error`} className="field__error" role="alert">{show('name')}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-label`}>Measurement label</label>
          <input id={`${id}-label`} value={label} placeholder={GROW.defaultMeasurementLabel} onChange={(e) => setLabel(e.target.value)} />
          {issue('measurement_label') ? <p className="field__error" role="alert">{issue('measurement_label')}</p> : null}
        </div>
        <fieldset className="field">
          <legend>Count type</legend>
          <label className="field--inline"><input type="radio" name={`${id}-count`} checked={countType === 'people_count'} onChange={() => setCountType('people_count')} /> People</label>
          <label className="field--inline">
            <input type="radio" name={`${id}-count`} checked={countType === 'tv_panelists'} disabled={!tvAllowed && chart?.count_type !== 'tv_panelists'} onChange={() => setCountType('tv_panelists')} /> TV panelists
          </label>
          {!tvAllowed ? <p className="field__hint">{GROW_TEXT.tvNotAllowed}</p> : null}
          {issue('count_type') ? <p className="field__error" role="alert">{issue('count_type')}</p> : null}
        </fieldset>
        <label className="field field--inline"><input type="checkbox" checked={isDefault} onChange={(e) => setDefault(e.target.checked)} /> Make this my default chart</label>
        <div className="grow-form__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={issues.some((i) => i.field === 'name') || needsVertical}>{chart ? 'Save' : 'Create'}</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
