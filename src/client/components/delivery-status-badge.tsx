import { deliveryStatus } from '@shared/rules/activations';
import type { ActivationState } from '@shared/schemas/activations';

/** An activation's Delivery Status: its display state on the spec's colour (spec 1 §4). */
export function DeliveryStatusBadge({ state }: { state: ActivationState }) {
  const { label, colour } = deliveryStatus(state);
  return <span className={`status-badge status-badge--${colour}`}>{label}</span>;
}
