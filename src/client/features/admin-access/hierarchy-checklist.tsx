import { ALL, coveredByAncestor, hasSelectedBelow, slugsOutside, toggleSlug, type SlugNode } from './hierarchy-tree-model';
import { ACCESS_TEXT } from './access-text';

interface Props {
  tree: readonly SlugNode[];
  selected: readonly string[];
  /** The caller holds '*' and may give access to everything. */
  mayGiveAll: boolean;
  disabled?: boolean;
  onChange: (slugs: string[]) => void;
}

/** Which clients, regions, brands and products a user may see; a checked node covers everything below it. */
export function HierarchyChecklist({ tree, selected, mayGiveAll, disabled = false, onChange }: Props) {
  const outside = slugsOutside(selected, tree);
  const box = (slug: string, label: string, path: string, locked = false) => {
    const covered = coveredByAncestor(slug, selected);
    return (
      <label className="slug-tree__item">
        <input
          type="checkbox" aria-label={path} disabled={disabled || locked || covered}
          checked={covered || selected.includes(slug)}
          ref={(el) => { if (el) el.indeterminate = slug !== ALL && !covered && !selected.includes(slug) && hasSelectedBelow(slug, selected); }}
          onChange={(e) => onChange(toggleSlug(selected, slug, e.target.checked))}
        /> {label}
      </label>
    );
  };
  const list = (nodes: readonly SlugNode[], parentPath: string) => (
    <ul className="slug-tree">
      {nodes.map((n) => {
        const path = parentPath ? `${parentPath} / ${n.name}` : n.name;
        return (
          <li key={n.slug}>
            {box(n.slug, n.name, path)}
            {n.children.length > 0 ? list(n.children, path) : null}
          </li>
        );
      })}
    </ul>
  );
  return (
    <div className="slug-tree__root">
      {mayGiveAll || selected.includes(ALL) ? box(ALL, 'Everything (all clients, present and future)', 'Everything', !mayGiveAll) : null}
      {list(tree, '')}
      {outside.length > 0 ? <p className="access-form__note">{ACCESS_TEXT.hiddenSlugs} {outside.join(', ')}</p> : null}
    </div>
  );
}
