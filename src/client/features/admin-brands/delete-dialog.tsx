import { AlertDialog } from 'radix-ui';
import { DESTRUCTIVE_THROTTLE_MS } from '@shared/rules/brands';
import type { BrandUseView } from '@shared/schemas/brands';
import { useThrottled } from '../../components/invalid-chart-dialog';

export interface DeleteTarget {
  kind: 'brand' | 'product';
  id: number;
  name: string;
  /** The draft key of the brand it belongs to (where a failure shows). */
  brandKey: string;
}

interface Props {
  target: DeleteTarget;
  running: boolean;
  /** What uses it, when the server refused (409 IN_USE). */
  uses: readonly BrandUseView[];
  onConfirm: () => void;
  onClose: () => void;
}

const KIND_NAMES: Record<BrandUseView['kind'], string> = {
  chart: 'Chart',
  journey: 'Journey',
  persona: 'Persona',
  widget: 'Custom widget',
  audience: 'Audience',
  comparison: 'Comparison',
  motivation_audience: 'Motivation audience',
  activation: 'Activation',
  user: 'User permission',
};

/** Delete a brand or product after confirmation (spec 2 §8); Delete acts at most once per 5 s (§9). */
export function DeleteDialog({ target, running, uses, onConfirm, onClose }: Props) {
  const confirm = useThrottled(onConfirm, DESTRUCTIVE_THROTTLE_MS);
  const refused = uses.length > 0;
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open || running ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title>Delete {target.kind} {target.name}?</AlertDialog.Title>
          <AlertDialog.Description>
            {refused
              ? `${target.name} is still used by the items below. Delete or change them first.`
              : target.kind === 'brand'
                ? `${target.name} and all its products are removed for everyone in this client.`
                : `${target.name} is removed from its brand for everyone in this client.`}
          </AlertDialog.Description>
          {refused ? (
            <ul className="dialog__list" aria-label={`What uses ${target.name}`}>
              {uses.map((u) => <li key={`${u.kind}-${u.id}`}>{KIND_NAMES[u.kind]} '{u.name}' ({u.product}, {u.region})</li>)}
            </ul>
          ) : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button button--secondary" disabled={running}>{refused ? 'Close' : 'Cancel'}</AlertDialog.Cancel>
            {refused ? null : (
              <button type="button" className="button button--danger" disabled={running} onClick={confirm}>{running ? 'Deleting…' : 'Delete'}</button>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
