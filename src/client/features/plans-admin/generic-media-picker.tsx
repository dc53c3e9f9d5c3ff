import type { Curve } from '@shared/schemas/plans';
import { inMediaOrder } from '@shared/rules/curves';

interface Props {
  library: readonly Curve[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** The server's words about a generic curve its last Apply refused, by media type. */
  messages: Record<string, string[]>;
}

/** Use Generic Curves (spec 2 §2): the media types of the generic library, each ticked to use its curve. */
export function GenericMediaPicker({ library, selected, onChange, messages }: Props) {
  const media = inMediaOrder(library.map((c) => c.media_type));
  const toggle = (m: string, on: boolean) => onChange(inMediaOrder(on ? [...selected, m] : selected.filter((s) => s !== m)));
  if (media.length === 0) return <p className="empty-state">The generic curve library is empty.</p>;
  return (
    <fieldset className="generic-media">
      <legend>Media types with generic curves</legend>
      <ul className="generic-media__list">
        {media.map((m) => (
          <li key={m}>
            <label className="generic-media__option">
              <input type="checkbox" checked={selected.includes(m)} onChange={(e) => toggle(m, e.target.checked)} />
              {m}
            </label>
            {(messages[m] ?? []).map((text, i) => <p key={`${i}-${text}`} className="form-error">{text}</p>)}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
