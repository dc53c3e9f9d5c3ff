import './upload-parts.css';
import DOMPurify from 'dompurify';
import { UPLOAD_TEXT, type UploadIssue } from '@shared/rules/uploads';

/** Only what an error message needs (emphasis, line breaks); everything else is taken out. */
const ALLOWED = { ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'br', 'code', 'span'], ALLOWED_ATTR: [] as string[] };

/** A message that may hold HTML (spec 2 §3), rendered only after DOMPurify has cleaned it. */
export function SafeMessage({ html }: { html: string }) {
  // Sanitised here, where it is used: no markup but the allow-list above ever reaches the page.
  return <span dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html, ALLOWED) }} />;
}

/** 'Errors found in Uploaded Template' (spec 2 §8): Column, Row, Error; a dash where there is no column or row. */
export function UploadErrorsPanel({ errors, more }: { errors: readonly UploadIssue[]; more: number }) {
  if (errors.length === 0) return null;
  return (
    <section className="upload-panel upload-panel--errors" aria-labelledby="upload-errors-title">
      <h2 id="upload-errors-title">{UPLOAD_TEXT.errorsTitle}</h2>
      <div className="upload-panel__scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Column</th>
              <th scope="col">Row</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={i}>
                <td>{e.column ?? '-'}</td>
                <td>{e.row ?? '-'}</td>
                <td><SafeMessage html={e.message} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="subtitle">{`and ${more.toLocaleString('en-US')} more errors not listed`}</p> : null}
    </section>
  );
}
