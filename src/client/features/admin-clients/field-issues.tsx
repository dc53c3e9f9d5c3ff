import type { ClientIssue } from '@shared/rules/clients';
import { FieldError, fieldErrorProps } from '../../components/field-error';

/** A form's issues under its fields: the input's aria props and the message below it, by field name. */
export function fieldIssues(id: string, issues: readonly ClientIssue[]) {
  const messageOf = (field: string) => issues.filter((i) => i.field === field).map((i) => i.message).join(' ');
  return {
    described: (field: string) => fieldErrorProps(id, field, messageOf(field)),
    errorText: (field: string) => <FieldError id={id} field={field} message={messageOf(field)} />,
  };
}
