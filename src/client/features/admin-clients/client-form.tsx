import { useId, useState, type FormEvent } from 'react';
import { blocksNumberKey, parseCompanyId } from '@shared/rules/brands';
import {
  CURRENCIES,
  DEFAULT_LANGUAGE,
  FEATURE_FLAGS,
  featureLabel,
  normalizeClient,
  proposeSlug,
  validateClient,
  type ClientDraft,
  type ClientIssue,
  type ClientRegionDraft,
} from '@shared/rules/clients';
import type { AdminClient, AdminRegion, ClientWrite, Language } from '@shared/schemas/clients';
import { fieldIssues } from './field-issues';
import { FormFooter } from './form-footer';

interface Props {
  /** The client to edit, or null to create one. */
  client: AdminClient | null;
  regions: readonly AdminRegion[];
  languages: readonly Language[];
  /** Slugs of the other clients (a taken slug is refused before it is sent). */
  otherSlugs: readonly string[];
  /** Sends the client; resolves to the refusal's words, or null once saved. */
  onSave: (client: ClientWrite) => Promise<string | null>;
  onCancel: () => void;
}

interface RegionChoice extends ClientRegionDraft {
  included: boolean;
}

interface FormState {
  name: string;
  slug: string;
  /** As typed: the number input's text. */
  companyId: string;
  language: string;
  flags: Record<string, boolean>;
  active: boolean;
  regions: RegionChoice[];
}

function initialState(client: AdminClient | null, regions: readonly AdminRegion[]): FormState {
  return {
    name: client?.name ?? '',
    slug: client?.slug ?? '',
    companyId: client?.conversant_company_id === null || client === null ? '' : String(client.conversant_company_id),
    language: client?.language ?? DEFAULT_LANGUAGE,
    flags: { ...(client?.feature_flags ?? {}) },
    active: client?.active ?? true,
    regions: regions.map((r) => {
      const has = client?.regions.find((cr) => cr.region_id === r.id);
      return { region_id: r.id, included: !!has, currency: has?.currency ?? 'USD', is_default: has?.is_default ?? false, market_level_only: has?.market_level_only ?? false };
    }),
  };
}

/** The form as the rules see it: a company ID that is not one is NaN, so the rule names it. */
function draftOf(state: FormState): ClientDraft {
  const id = parseCompanyId(state.companyId);
  return normalizeClient({
    name: state.name,
    slug: state.slug,
    conversant_company_id: id === undefined ? Number.NaN : id,
    language: state.language,
    feature_flags: state.flags,
    regions: state.regions.filter((r) => r.included).map(({ included: _included, ...r }) => r),
  });
}

/**
 * Create or edit a client (spec 2 §3, §7): name, slug, company ID, language, regions with
 * currency, the default and market level only, and feature access. The shared rules check it
 * before it is sent, with the server's words; a refusal or a lost network keeps every value.
 */
export function ClientForm({ client, regions, languages, otherSlugs, onSave, onCancel }: Props) {
  const id = useId();
  const [state, setState] = useState<FormState>(() => initialState(client, regions));
  const [slugTouched, setSlugTouched] = useState(client !== null);
  const [issues, setIssues] = useState<ClientIssue[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setState((s) => ({ ...s, [key]: value }));
  const setRegion = (regionId: number, change: Partial<RegionChoice>) =>
    setState((s) => ({
      ...s,
      regions: s.regions.map((r) => {
        if (change.is_default && r.region_id !== regionId) return { ...r, is_default: false };
        return r.region_id === regionId ? { ...r, ...change } : r;
      }),
    }));

  const { described, errorText } = fieldIssues(id, issues);
  /** Region issues are indexed by the included regions' order. */
  const includedIndex = (regionId: number) => state.regions.filter((r) => r.included).findIndex((r) => r.region_id === regionId);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const draft = draftOf(state);
    const known = new Map(regions.map((r) => [r.id, r.name]));
    const found = validateClient(draft, { regions: known, otherSlugs: otherSlugs.includes(draft.slug) ? [draft.slug] : [] });
    setIssues(found);
    setRefusal(null);
    if (found.length > 0) return;
    setSaving(true);
    const message = await onSave({ ...draft, regions: [...draft.regions], active: state.active });
    setSaving(false);
    setRefusal(message);
  };

  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} noValidate aria-label={client ? `Edit client ${client.name}` : 'New client'}>
      <h2>{client ? `Edit ${client.name}` : 'New client'}</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          id={`${id}-name`} value={state.name} {...described('name')}
          onChange={(e) => {
            const name = e.target.value;
            setState((s) => ({ ...s, name, slug: slugTouched ? s.slug : proposeSlug(name) }));
          }}
        />
        {errorText('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-slug`}>Slug</label>
        <input id={`${id}-slug`} value={state.slug} {...described('slug')} onChange={(e) => { setSlugTouched(true); set('slug', e.target.value); }} />
        {errorText('slug')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-company`}>Company ID</label>
        <input
          id={`${id}-company`} type="number" inputMode="numeric" min={1} step={1} value={state.companyId} {...described('conversant_company_id')}
          onKeyDown={(e) => { if (blocksNumberKey(e.key)) e.preventDefault(); }}
          onChange={(e) => set('companyId', e.target.value)}
        />
        {errorText('conversant_company_id')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-language`}>Language</label>
        <select id={`${id}-language`} value={state.language} {...described('language')} onChange={(e) => set('language', e.target.value)}>
          {languages.map((l) => <option key={l.value} value={l.value}>{l.text}</option>)}
        </select>
        {errorText('language')}
      </div>

      <fieldset className="field" {...described('regions')}>
        <legend>Regions</legend>
        <table className="data-table admin-regions">
          <thead>
            <tr><th scope="col">Region</th><th scope="col">Currency</th><th scope="col">Default</th><th scope="col">Market level only</th></tr>
          </thead>
          <tbody>
            {state.regions.map((r) => {
              const region = regions.find((x) => x.id === r.region_id)!;
              const index = includedIndex(r.region_id);
              const currencyField = `regions.${index}.currency`;
              return (
                <tr key={r.region_id}>
                  <td>
                    <label><input type="checkbox" checked={r.included} onChange={(e) => setRegion(r.region_id, { included: e.target.checked, ...(e.target.checked ? {} : { is_default: false }) })} /> {region.name}</label>
                    {index >= 0 ? errorText(`regions.${index}.region_id`) : null}
                  </td>
                  <td>
                    <select
                      aria-label={`Currency in ${region.name}`} value={r.currency} disabled={!r.included} {...(index >= 0 ? described(currencyField) : {})}
                      onChange={(e) => setRegion(r.region_id, { currency: e.target.value })}
                    >
                      {(CURRENCIES as readonly string[]).includes(r.currency) ? null : <option value={r.currency}>{r.currency}</option>}
                      {CURRENCIES.map((c) => <option key={c} value={c}>{c}</option>)}
                    </select>
                    {index >= 0 ? errorText(currencyField) : null}
                  </td>
                  <td>
                    <input
                      type="radio" name={`${id}-default`} aria-label={`Default region ${region.name}`} checked={r.is_default} disabled={!r.included}
                      onChange={() => setRegion(r.region_id, { is_default: true })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox" aria-label={`Market level only in ${region.name}`} checked={r.market_level_only} disabled={!r.included}
                      onChange={(e) => setRegion(r.region_id, { market_level_only: e.target.checked })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {errorText('regions')}
      </fieldset>

      <fieldset className="field admin-form__features" {...described('feature_flags')}>
        <legend>Feature access</legend>
        {FEATURE_FLAGS.map((flag) => (
          <label key={flag} className="field--inline">
            <input type="checkbox" checked={state.flags[flag] === true} onChange={(e) => set('flags', { ...state.flags, [flag]: e.target.checked })} /> {featureLabel(flag)}
          </label>
        ))}
        {errorText('feature_flags')}
      </fieldset>
      {client ? (
        <label className="field field--inline">
          <input type="checkbox" checked={state.active} onChange={(e) => set('active', e.target.checked)} /> Active (shown in the context picker)
        </label>
      ) : null}

      <FormFooter refusal={refusal} saving={saving} submitLabel={client ? 'Save client' : 'Create client'} onCancel={onCancel} />
    </form>
  );
}
