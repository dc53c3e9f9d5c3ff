// The builder is a route (and code-split chunk) of its own: its styles come with it, not only after a visit to Grow.
import '../../styles/insights.css';
import { Fragment, useId, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { AUDIENCE_TEXT } from '@shared/rules/audiences';
import { GROW_TEXT, formatCount } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { AppLink } from '../../components/app-link';
import { PageHeader } from '../../components/page-header';
import { audienceCountQueryOptions, insightErrorMessage } from '../../lib/insights-queries';
import { showToast } from '../../lib/ui-store';
import { returnHref, returnLabel, type AudienceBuilderSearch } from './audience-builder-search';
import { describeRules } from './audience-rules-text';
import { AUDIENCE_LIMITS, saveAudience, validateAudienceDraft, type AudienceDraft, type DraftIssue } from './save-audience-commands';

interface AudienceBuilderPageProps {
  search: AudienceBuilderSearch;
  /** The product scope ('client/region/brand/product'): the X-Context and the base of returnUrl. */
  productPath: string;
  /** audiences create. */
  canCreate: boolean;
}

const NOTHING_TO_SAVE = 'There is nothing to save: choose audiences first.';
const NO_CREATE_PERMISSION = 'You do not have permission to create audiences, so this selection cannot be saved as an audience.';
const GROW_SUBTITLE = 'From your Grow chart selection';

/** Save Audience (audiences/builder, spec 3 §2.2, §3): a name, a description and the rule, queued through the outbox. */
export function AudienceBuilderPage({ search, productPath, canCreate }: AudienceBuilderPageProps) {
  const back = returnHref(productPath, search.returnUrl);
  const rules = search.rules ?? null;

  return (
    <div className="page audience-builder">
      <PageHeader title="Save Audience" />
      {search.referer === 'Grow' ? <p className="audience-builder__subtitle">{GROW_SUBTITLE}</p> : null}
      {!canCreate ? (
        <div className="audience-builder__notice" role="alert">
          <p>{NO_CREATE_PERMISSION}</p>
          <AppLink to={back}>{returnLabel(search.returnUrl)}</AppLink>
        </div>
      ) : rules === null ? (
        <div className="audience-builder__notice" role="alert">
          <p>{NOTHING_TO_SAVE}</p>
          <AppLink to={back}>{returnLabel(search.returnUrl)}</AppLink>
        </div>
      ) : (
        <AudienceForm search={search} rules={rules} productPath={productPath} back={back} />
      )}
    </div>
  );
}

interface FormProps {
  search: AudienceBuilderSearch;
  rules: AudienceRules;
  productPath: string;
  back: string;
}

function AudienceForm({ search, rules, productPath, back }: FormProps) {
  const id = useId();
  const router = useRouter();
  const [draft, setDraft] = useState<AudienceDraft>(() => ({ name: search.name ?? '', description: '' }));
  // Messages show once Save has been tried, then follow the typing.
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const issues: DraftIssue[] = tried ? validateAudienceDraft(draft) : [];
  const messageOf = (field: DraftIssue['field']) => issues.find((i) => i.field === field)?.message ?? null;
  const described = describeRules(rules, search.labels ?? {});
  const count = useQuery(audienceCountQueryOptions(productPath, rules));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setTried(true);
    const found = validateAudienceDraft(draft);
    if (found.length > 0) {
      // What was typed stays as typed: the user fixes it in place.
      (found[0]?.field === 'description' ? descriptionRef : nameRef).current?.focus();
      return;
    }
    setSaving(true);
    try {
      await saveAudience(productPath, draft, rules, search.referer);
    } catch {
      // The outbox has told the user the device could not store it; the form keeps what was typed.
      setSaving(false);
      return;
    }
    showToast(AUDIENCE_TEXT.saved);
    void router.navigate({ href: back });
  };

  const fieldProps = (field: DraftIssue['field']) => (messageOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  const errorText = (field: DraftIssue['field']) => (messageOf(field) ? <p id={`${id}-${field}-error`} className="field__error" role="alert">{messageOf(field)}</p> : null);

  return (
    <form className="audience-builder__form" onSubmit={(e) => void submit(e)} noValidate aria-label="Save Audience">
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input
          ref={nameRef} id={`${id}-name`} name="name" value={draft.name} aria-required="true" autoComplete="off"
          onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))} {...fieldProps('name')}
        />
        {errorText('name')}
        <p className="field__hint">Up to {AUDIENCE_LIMITS.name} characters.</p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          ref={descriptionRef} id={`${id}-description`} name="description" rows={4} value={draft.description}
          onChange={(e) => setDraft((d) => ({ ...d, description: e.target.value }))} {...fieldProps('description')}
        />
        {errorText('description')}
        <p className="field__hint">Optional, up to {AUDIENCE_LIMITS.description} characters.</p>
      </div>
      <section className="audience-builder__rules" aria-labelledby={`${id}-rules`}>
        <h2 id={`${id}-rules`} className="audience-builder__section-title">Audience rules</h2>
        <p className="rules-text">
          {described.groups.map((group, i) => (
            <Fragment key={i}>
              {i > 0 ? <span className="rules-text__and"> and </span> : null}
              <span className="rules-text__group">{group}</span>
            </Fragment>
          ))}
          {described.exclude ? <span className="rules-text__exclude"> {described.exclude}</span> : null}
        </p>
      </section>
      <section className="audience-builder__count" aria-labelledby={`${id}-count`} aria-busy={count.isPending} aria-live="polite">
        <h2 id={`${id}-count`} className="audience-builder__section-title">People</h2>
        {count.data !== undefined ? (
          <p>
            People in this audience: <strong>{formatCount(count.data)}</strong>
          </p>
        ) : count.isError ? (
          <p className="insight-error">{insightErrorMessage(count.error)}</p>
        ) : (
          <p role="status">{GROW_TEXT.loading}</p>
        )}
      </section>
      <div className="audience-builder__actions">
        <button type="button" className="button button--secondary" onClick={() => void router.navigate({ href: back })}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving}>Save</button>
      </div>
    </form>
  );
}
