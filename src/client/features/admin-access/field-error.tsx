/** A field's rule message under it, tied to the input (aria-describedby), as the toolbox form does. */
export function FieldError({ id, field, message }: { id: string; field: string; message: string }) {
  return message ? <p id={`${id}-${field}-error`} className="field__error" role="alert">{message}</p> : null;
}

export const fieldErrorProps = (id: string, field: string, message: string) =>
  (message ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});
