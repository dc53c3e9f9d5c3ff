import { useId, useState, type FormEvent } from 'react';
import { proposeSlug, validateRegion, type ClientIssue } from '@shared/rules/clients';
import type { AdminRegion } from '@shared/schemas/clients';
import { fieldIssues } from './field-issues';
import { FormFooter } from './form-footer';

interface Props {
  region: AdminRegion | null;
  others: readonly AdminRegion[];
  onSave: (fields: { name: string; slug: string }) => Promise<string | null>;
  onCancel: () => void;
}

/** Create or rename a region: name and slug, unique, checked with the server's rules before it is sent. */
export function RegionForm({ region, others, onSave, onCancel }: Props) {
  const id = useId();
  const [name, setName] = useState(region?.name ?? '');
  const [slug, setSlug] = useState(region?.slug ?? '');
  const [slugTouched, setSlugTouched] = useState(region !== null);
  const [issues, setIssues] = useState<ClientIssue[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { described, errorText } = fieldIssues(id, issues);
  const field = (key: 'name' | 'slug', label: string, value: string, onChange: (v: string) => void) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} value={value} onChange={(e) => onChange(e.target.value)} {...described(key)} />
      {errorText(key)}
    </div>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = { name: name.trim(), slug: slug.trim() };
    const found = validateRegion(draft, others);
    setIssues(found);
    setRefusal(null);
    if (found.length > 0) return;
    setSaving(true);
    setRefusal(await onSave(draft));
    setSaving(false);
  };

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label={region ? `Edit region ${region.name}` : 'New region'}>
      <h2>{region ? `Edit ${region.name}` : 'New region'}</h2>
      {field('name', 'Name', name, (v) => { setName(v); if (!slugTouched) setSlug(proposeSlug(v)); })}
      {field('slug', 'Slug', slug, (v) => { setSlugTouched(true); setSlug(v); })}
      <FormFooter refusal={refusal} saving={saving} submitLabel={region ? 'Save region' : 'Create region'} onCancel={onCancel} />
    </form>
  );
}
