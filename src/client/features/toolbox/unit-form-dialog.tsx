import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { ALL_REGIONS, categoryTitle, findCategoryName, normalizeUnit, validateUnit, type FieldIssue } from '@shared/rules/toolbox';
import type { Region } from '@shared/schemas/hierarchy';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import type { UnitFields, UnitView } from './unit-commands';

interface Props {
  /** The unit to edit, or null to add one. */
  unit: UnitView | null;
  regions: readonly Region[];
  /** The client's category names in priority order: the unit's category is one of them, or none. */
  categories: readonly string[];
  otherNames: readonly string[];
  onSave: (fields: UnitFields) => void;
  onClose: () => void;
}

const EMPTY: UnitFields = { name: '', url: '', region_ids: [ALL_REGIONS], use_client_hierarchy: false, feature_module_category: null, iframed: false };

/** Add or edit a toolbox unit; the same rules (and messages) as the server check it before it is queued. */
export function UnitFormDialog({ unit, regions, categories, otherNames, onSave, onClose }: Props) {
  const id = useId();
  const [fields, setFields] = useState<UnitFields>(() => (unit
    ? {
      name: unit.name, url: unit.url, region_ids: unit.region_ids, use_client_hierarchy: unit.use_client_hierarchy, iframed: unit.iframed,
      // As the category spells it, so the select shows it; a name no category has stays, and the rules say so.
      feature_module_category: unit.feature_module_category === null ? null : (findCategoryName(categories, unit.feature_module_category) ?? unit.feature_module_category),
    }
    : { ...EMPTY, feature_module_category: categories[0] ?? null }));
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const set = <K extends keyof UnitFields>(key: K, value: UnitFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const messageOf = (field: FieldIssue['field']) => issues.filter((i) => i.field === field).map((i) => i.message).join(' ');
  const allRegions = fields.region_ids.includes(ALL_REGIONS);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = normalizeUnit({ ...fields, status: unit?.status ?? true });
    const found = validateUnit(draft, { regionIds: regions.map((r) => String(r.id)), otherNames, categories });
    setIssues(found);
    if (found.length === 0) onSave(draft);
  };

  const errorProps = (field: FieldIssue['field']) => fieldErrorProps(id, field, messageOf(field));
  const errorText = (field: FieldIssue['field']) => <FieldError id={id} field={field} message={messageOf(field)} />;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{unit ? `Edit unit ${unit.name}` : 'Add a toolbox unit'}</Dialog.Title>
          <Dialog.Description>Edits are saved on this device at once and sent to the server when the network allows.</Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={fields.name} onChange={(e) => set('name', e.target.value)} {...errorProps('name')} />
              {errorText('name')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-url`}>URL</label>
              <input id={`${id}-url`} type="url" value={fields.url} onChange={(e) => set('url', e.target.value)} {...errorProps('url')} />
              {errorText('url')}
            </div>
            <div className="field">
              <label htmlFor={`${id}-category`}>Category</label>
              <select
                id={`${id}-category`} value={fields.feature_module_category ?? ''} onChange={(e) => set('feature_module_category', e.target.value || null)}
                {...errorProps('feature_module_category')}
              >
                <option value="">None</option>
                {categories.map((c) => <option key={c} value={c}>{categoryTitle(c)}</option>)}
                {fields.feature_module_category !== null && !categories.includes(fields.feature_module_category)
                  ? <option value={fields.feature_module_category}>{fields.feature_module_category}</option>
                  : null}
              </select>
              {errorText('feature_module_category')}
            </div>
            <fieldset className="field" {...errorProps('region_ids')}>
              <legend>Regions</legend>
              <label>
                <input type="checkbox" checked={allRegions} onChange={(e) => set('region_ids', e.target.checked ? [ALL_REGIONS] : [])} /> All regions
              </label>
              {allRegions ? null : regions.map((r) => (
                <label key={r.id}>
                  <input
                    type="checkbox" checked={fields.region_ids.includes(String(r.id))}
                    onChange={(e) => set('region_ids', e.target.checked ? [...fields.region_ids, String(r.id)] : fields.region_ids.filter((x) => x !== String(r.id)))}
                  /> {r.name}
                </label>
              ))}
              {errorText('region_ids')}
            </fieldset>
            <label className="field field--inline">
              <input type="checkbox" checked={fields.iframed} onChange={(e) => set('iframed', e.target.checked)} /> Open inside the product (iframed)
            </label>
            <label className="field field--inline">
              <input type="checkbox" checked={fields.use_client_hierarchy} onChange={(e) => set('use_client_hierarchy', e.target.checked)} /> Show only with a product selected
            </label>
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary">{unit ? 'Save' : 'Add unit'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
