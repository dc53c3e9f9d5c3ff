import { DESTRUCTIVE_THROTTLE_MS } from '@shared/rules/brands';
import type { BrandUseView } from '@shared/schemas/brands';
import { ActionAlert } from '../../components/action-alert';

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
  const refused = uses.length > 0;
  return (
    <ActionAlert
      title={`Delete ${target.kind} ${target.name}?`}
      message={refused
        ? `${target.name} is still used by the items below. Delete or change them first.`
        : target.kind === 'brand'
          ? `${target.name} and all its products are removed for everyone in this client.`
          : `${target.name} is removed from its brand for everyone in this client.`}
      uses={{ label: `What uses ${target.name}`, items: uses.map((u) => `${KIND_NAMES[u.kind]} '${u.name}' (${u.product}, ${u.region})`) }}
      confirm={{ label: 'Delete', pendingLabel: 'Deleting…', onConfirm, pending: running, throttleMs: DESTRUCTIVE_THROTTLE_MS }}
      onClose={onClose}
    />
  );
}
