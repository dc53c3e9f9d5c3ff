import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { format } from 'date-fns';
import type { CreateActivationBody, Destination } from '@shared/schemas/activations';
import { activatableAudiencesQueryOptions } from '../../lib/activation-queries';

interface Props {
  productPath: string;
  destinations: readonly Destination[];
  pending: boolean;
  error: string | null;
  onActivate: (body: CreateActivationBody) => void;
  onClose: () => void;
}

/** "Activate an audience": a saved audience of this product, a destination, and an optional end date. */
export function ActivateAudienceDialog({ productPath, destinations, pending, error, onActivate, onClose }: Props) {
  const id = useId();
  const audiences = useQuery(activatableAudiencesQueryOptions(productPath));
  const [audienceId, setAudienceId] = useState('');
  const [destinationId, setDestinationId] = useState('');
  const [endDate, setEndDate] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const today = format(new Date(), 'yyyy-MM-dd');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const why = !audienceId ? 'Choose an audience.' : !destinationId ? 'Choose a destination.' : endDate && endDate < today ? 'End date cannot be in the past.' : null;
    setMissing(why);
    if (!why) onActivate({ audience_id: Number(audienceId), destination_id: Number(destinationId), end_date: endDate || null });
  };
  const message = missing ?? error;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Activate an audience</Dialog.Title>
          <Dialog.Description>The audience&apos;s members are delivered to the destination as a file of hashed ids.</Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-audience`}>Audience</label>
              <select id={`${id}-audience`} value={audienceId} onChange={(e) => setAudienceId(e.target.value)} disabled={audiences.isPending}>
                <option value="">{audiences.isPending ? 'Loading…' : audiences.data?.length ? 'Choose an audience' : 'No saved audiences to activate'}</option>
                {(audiences.data ?? []).map((a) => <option key={a.id} value={a.id}>{a.name}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-destination`}>Destination</label>
              <select id={`${id}-destination`} value={destinationId} onChange={(e) => setDestinationId(e.target.value)}>
                <option value="">Choose a destination</option>
                {destinations.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-end`}>End date (optional)</label>
              <input id={`${id}-end`} type="date" min={today} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
            </div>
            {message ? <p className="field__error" role="alert">{message}</p> : null}
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary" disabled={pending}>{pending ? 'Activating…' : 'Activate'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
