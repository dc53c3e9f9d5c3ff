import { exploreActionShown, exploreActionBlock, type ExploreAction, type ExploreGate } from '@shared/rules/explore';
import { INDEX_REPORT_TEXT } from '@shared/rules/index-report-form';
import { BlockableButton } from '../../components/blockable-button';

export type ExploreBarAction = ExploreAction | 'makeDefault';

interface Props {
  gate: ExploreGate;
  /** A viewer (Explore read only) sees no write actions. */
  readOnly: boolean;
  /** Why Make default is refused (already the default, no permission), or null. */
  makeDefaultBlock: string | null;
  /** Refusals the page adds over the shared rules (e.g. an index report of everyone). */
  extraBlocks?: Partial<Record<ExploreBarAction, string | null>>;
  onAction: (action: ExploreBarAction) => void;
}

const LABELS: Record<ExploreBarAction, string> = {
  create: 'New',
  edit: 'Edit',
  copy: 'Copy',
  delete: 'Delete',
  convert: 'Convert to Audience',
  motivation: 'Request Motivation Audience',
  indexReport: INDEX_REPORT_TEXT.create,
  makeDefault: 'Make default',
};

const WRITES: ExploreBarAction[] = ['create', 'edit', 'copy', 'delete', 'convert', 'motivation', 'makeDefault'];
const ORDER: ExploreBarAction[] = ['create', 'edit', 'copy', 'delete', 'convert', 'motivation', 'indexReport', 'makeDefault'];

/** Explore's action bar (spec 3 §2.1, §5, §6): each action with the reason it is refused on hover and focus. */
export function ExploreActionBar({ gate, readOnly, makeDefaultBlock, extraBlocks = {}, onAction }: Props) {
  const shown = ORDER.filter((a) => (a === 'makeDefault' ? true : exploreActionShown(a, gate.tier))).filter((a) => !(readOnly && WRITES.includes(a)));
  if (shown.length === 0) return null;
  const blockOf = (a: ExploreBarAction) => extraBlocks[a] ?? (a === 'makeDefault' ? makeDefaultBlock : exploreActionBlock(a, gate));
  return (
    <div className="explore-actions" role="toolbar" aria-label="Persona actions">
      {shown.map((a) => (
        <BlockableButton key={a} block={blockOf(a)} onClick={() => onAction(a)} className={a === 'delete' ? 'button button--ghost' : 'button button--secondary'}>
          {LABELS[a]}
        </BlockableButton>
      ))}
    </div>
  );
}

export const ALREADY_DEFAULT = 'This persona is already the default.';
