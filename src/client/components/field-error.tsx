/** The id of a field's message: `<form id>-<field>-error`. */
export const fieldErrorId = (id: string, field: string) => `${id}-${field}-error`;

/** What ties an input (or a fieldset) to its message while there is one: aria-invalid and aria-describedby. */
export const fieldErrorProps = (id: string, field: string, message: string | null | undefined) =>
  (message ? { 'aria-invalid': true, 'aria-describedby': fieldErrorId(id, field) } : {});

/** A field's rule message under it, announced, and named by its input's aria-describedby (fieldErrorProps). */
export function FieldError({ id, field, message }: { id: string; field: string; message: string | null | undefined }) {
  return message ? <p id={fieldErrorId(id, field)} className="field__error" role="alert">{message}</p> : null;
}
