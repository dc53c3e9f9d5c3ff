import { useId } from 'react';
import type { UploadColumn } from '@shared/rules/uploads';
import './upload-parts.css';

/** An uploader's rules, word for word (spec 2 §5), and its columns by letter, each with what it needs. */
export function UploadRules({ rules, columns, noteOf }: { rules: readonly string[]; columns: readonly UploadColumn[]; noteOf: (column: UploadColumn) => string }) {
  const titleId = useId();
  return (
    <section className="upload-rules" aria-labelledby={titleId}>
      <h2 id={titleId}>Rules</h2>
      <ul>{rules.map((rule) => <li key={rule}>{rule}</li>)}</ul>
      <h3>Columns</h3>
      <ul className="upload-columns">
        {columns.map((c) => <li key={c.letter}><strong>{c.letter}</strong>{` ${c.header}`}{noteOf(c)}</li>)}
      </ul>
    </section>
  );
}
