import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { AUDIENCES_TEXT } from '@shared/rules/audience-kinds';
import { isApiError } from '../../lib/api-error';
import { insightErrorMessage } from '../../lib/insights-queries';
import { successToast } from '../../lib/ui-store';
import { shareAudience } from './audience-commands';
import { shareTargetsQueryOptions } from './audiences-queries';

interface Props {
  context: string;
  audience: { id: number; name: string };
  onClose: () => void;
}

/** Share (issue 16): into a product of one of the user's other clients, where it is a read-only "Shared Audience". */
export function ShareDialog({ context, audience, onClose }: Props) {
  const id = useId();
  const targets = useQuery(shareTargetsQueryOptions(context));
  const clients = targets.data ?? [];
  const [clientId, setClientId] = useState<number | null>(null);
  const [regionId, setRegionId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const client = clients.find((c) => c.id === clientId) ?? null;
  const region = client?.regions.find((r) => r.id === regionId) ?? null;
  const ready = client !== null && region !== null && region.products.some((p) => p.id === productId);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || productId === null) return;
    setState({ busy: true, error: null });
    shareAudience(context, audience.id, { client_id: client.id, region_id: region.id, product_id: productId }).then(
      (message) => {
        successToast(message);
        onClose();
      },
      (error: unknown) => setState({ busy: false, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };
  const num = (v: string) => (v === '' ? null : Number(v));

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Share “{audience.name}”</Dialog.Title>
          <Dialog.Description>It appears in the chosen product as a read-only Shared Audience.</Dialog.Description>
          {targets.isPending ? <p role="status">Loading…</p> : null}
          {targets.isError ? <p role="alert" className="field__error">{insightErrorMessage(targets.error)}</p> : null}
          {targets.data && clients.length === 0 ? <p role="status">{AUDIENCES_TEXT.notYourClient} You have no other client.</p> : null}
          {clients.length > 0 ? (
            <form onSubmit={submit} noValidate>
              <div className="field">
                <label htmlFor={`${id}-client`}>Client</label>
                <select id={`${id}-client`} value={clientId ?? ''} onChange={(e) => { setClientId(num(e.target.value)); setRegionId(null); setProductId(null); }}>
                  <option value="">Choose a client</option>
                  {clients.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-region`}>Region</label>
                <select id={`${id}-region`} value={regionId ?? ''} disabled={!client} onChange={(e) => { setRegionId(num(e.target.value)); setProductId(null); }}>
                  <option value="">Choose a region</option>
                  {(client?.regions ?? []).map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
                </select>
              </div>
              <div className="field">
                <label htmlFor={`${id}-product`}>Product</label>
                <select id={`${id}-product`} value={productId ?? ''} disabled={!region} onChange={(e) => setProductId(num(e.target.value))}>
                  <option value="">Choose a product</option>
                  {(region?.products ?? []).map((p) => <option key={p.id} value={p.id}>{p.brand} / {p.name}</option>)}
                </select>
              </div>
              {state.error ? <p className="field__error" role="alert">{state.error}</p> : null}
              <div className="dialog__actions">
                <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
                <button type="submit" className="button button--primary" disabled={!ready || state.busy} aria-busy={state.busy}>Share</button>
              </div>
            </form>
          ) : (
            <div className="dialog__actions"><Dialog.Close className="button button--secondary">Close</Dialog.Close></div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
