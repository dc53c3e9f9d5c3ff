import { useId } from 'react';
import { ACTIVATION_STATE_LABELS } from '@shared/rules/activations';
import { ACTIVATION_STATES, type ActivationState, type Destination } from '@shared/schemas/activations';
import type { ActivationFilters } from '../../lib/activation-queries';

interface Props {
  filters: ActivationFilters;
  destinations: readonly Destination[];
  onChange: (next: ActivationFilters) => void;
}

/** Delivery status, destination and a search of the audience's name; each change starts at page 1. */
export function ActivationFiltersBar({ filters, destinations, onChange }: Props) {
  const id = useId();
  const set = (patch: ActivationFilters) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <div className="activation-filters" role="search">
      <div className="field">
        <label htmlFor={`${id}-status`}>Delivery status</label>
        <select id={`${id}-status`} value={filters.state ?? ''} onChange={(e) => set({ state: (e.target.value || undefined) as ActivationState | undefined })}>
          <option value="">All statuses</option>
          {ACTIVATION_STATES.map((s) => <option key={s} value={s}>{ACTIVATION_STATE_LABELS[s]}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-destination`}>Destination</label>
        <select id={`${id}-destination`} value={filters.destinationId ?? ''} onChange={(e) => set({ destinationId: e.target.value ? Number(e.target.value) : undefined })}>
          <option value="">All destinations</option>
          {destinations.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-search`}>Search audiences</label>
        <input id={`${id}-search`} type="search" value={filters.q ?? ''} maxLength={200} onChange={(e) => set({ q: e.target.value || undefined })} />
      </div>
    </div>
  );
}
