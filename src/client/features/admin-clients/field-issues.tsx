import type { ClientIssue } from '@shared/rules/clients';

/** A form's issues under its fields: the input's aria props and the message below it, by field name. */
export function fieldIssues(id: string, issues: readonly ClientIssue[]) {
  const messageOf = (field: string) => issues.filter((i) => i.field === field).map((i) => i.message).join(' ');
  return {
    described: (field: string) => (messageOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {}),
    errorText: (field: string) => (messageOf(field)
      ? <p id={`${id}-${field}-error`} className="field__error" role="alert">{messageOf(field)}</p>
      : null),
  };
}
