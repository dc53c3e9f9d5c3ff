/** An admin form's foot: the server's refusal (or the lost network) above Cancel and the submit button. */
export function FormFooter({ refusal, saving, submitLabel, onCancel }: { refusal: string | null; saving: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      {refusal ? <p className="status--error" role="alert">{refusal}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>Cancel</button>
        <button type="submit" className="button button--primary" disabled={saving}>{saving ? 'Saving…' : submitLabel}</button>
      </div>
    </>
  );
}
