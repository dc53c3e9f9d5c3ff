interface Props {
  kind: 'brand' | 'stage';
  name: string;
  editing: boolean;
  onRename: (name: string) => void;
  /** The field was left: the builder checks the names then (spec 3 §5). */
  onDone: () => void;
}

/** A brand's or stage's name: text, or its name field while 'Edit name' is on. */
export function ItemName({ kind, name, editing, onRename, onDone }: Props) {
  if (editing) {
    return (
      <input
        className="journey-grid__name-field" aria-label={kind === 'brand' ? 'Brand name' : 'Stage name'} value={name} autoFocus
        onChange={(e) => onRename(e.target.value)} onBlur={onDone}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'Escape') {
            e.preventDefault();
            e.currentTarget.blur();
          }
        }}
      />
    );
  }
  return <span className={`journey-grid__name${name.trim() ? '' : ' journey-grid__name--missing'}`} title={name}>{name.trim() ? name : 'No name'}</span>;
}
