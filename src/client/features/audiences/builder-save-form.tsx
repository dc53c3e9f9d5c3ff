import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { personaNameIssue } from '@shared/rules/explore';
import { validateAudienceDraft, AUDIENCE_LIMITS, type AudienceDraft, type DraftIssue } from './save-audience-commands';
import type { SaveKind } from './builder-mode';

interface Props {
  kind: SaveKind;
  title: string;
  draft: AudienceDraft;
  onDraft(draft: AudienceDraft): void;
  /** Why it cannot be saved (shown, Save disabled), or null. */
  block: string | null;
  onSave(): Promise<boolean>;
  onCancel(): void;
  /** The rule in words and its count, inside the form. */
  children: ReactNode;
  /** For a persona: the names it must not repeat. */
  names?: NameScope;
}

/** A persona the name must not repeat, and the persona edited (its own name is allowed). */
export interface NameScope {
  others: readonly { id: number; name: string }[];
  ownId: number | null;
}

/**
 * The issues of the name (and description) for what is saved: an audience's and a request's
 * rules, or a persona's, whose name is checked against the product's other personas here, before
 * the builder closes, as the server will (issue 27).
 */
export function nameIssues(kind: SaveKind, draft: AudienceDraft, scope: NameScope = { others: [], ownId: null }): DraftIssue[] {
  if (kind === 'persona-create' || kind === 'persona-edit') {
    const issue = personaNameIssue(draft.name, scope.others, scope.ownId);
    return issue ? [{ field: 'name', message: issue }] : [];
  }
  return validateAudienceDraft(draft);
}

/** Name, description, the rule's summary, Save and Cancel. */
export function BuilderSaveForm({ kind, title, draft, onDraft, block, onSave, onCancel, children, names }: Props) {
  const id = useId();
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const persona = kind === 'persona-create' || kind === 'persona-edit';
  const issues = tried ? nameIssues(kind, draft, names) : [];
  const messageOf = (field: DraftIssue['field']) => issues.find((i) => i.field === field)?.message ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || block) return;
    setTried(true);
    const found = nameIssues(kind, draft, names);
    if (found.length > 0) {
      (found[0]?.field === 'description' ? descriptionRef : nameRef).current?.focus();
      return;
    }
    setSaving(true);
    if (!(await onSave())) setSaving(false);
  };

  const fieldProps = (field: DraftIssue['field']) => (messageOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
  const errorText = (field: DraftIssue['field']) => (messageOf(field) ? <p id={`${id}-${field}-error`} className="field__error" role="alert">{messageOf(field)}</p> : null);

  return (
    <form className="audience-builder__form" onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input ref={nameRef} id={`${id}-name`} name="name" value={draft.name} aria-required="true" autoComplete="off"
          onChange={(e) => onDraft({ ...draft, name: e.target.value })} {...fieldProps('name')} />
        {errorText('name')}
        <p className="field__hint">Up to {AUDIENCE_LIMITS.name} characters.</p>
      </div>
      {persona ? null : (
        <div className="field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea ref={descriptionRef} id={`${id}-description`} name="description" rows={3} value={draft.description}
            onChange={(e) => onDraft({ ...draft, description: e.target.value })} {...fieldProps('description')} />
          {errorText('description')}
          <p className="field__hint">Optional, up to {AUDIENCE_LIMITS.description} characters.</p>
        </div>
      )}
      {children}
      {block ? <p className="audience-builder__block" role="status" id={`${id}-block`}>{block}</p> : null}
      <div className="audience-builder__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving || block !== null} {...(block ? { 'aria-describedby': `${id}-block` } : {})}>Save</button>
      </div>
    </form>
  );
}
