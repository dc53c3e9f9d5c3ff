import { useQuery } from '@tanstack/react-query';
import { activationActions, formatActivationDate, formatEndDate } from '@shared/rules/activations';
import { formatAsOf } from '@shared/rules/format';
import type { Activation } from '@shared/schemas/activations';
import { DeliveryStatusBadge } from '../../components/delivery-status-badge';
import { activationQueryOptions } from '../../lib/activation-queries';

interface Props {
  productPath: string;
  activationId: number;
  /** From the link: a detail whose audience differs is not the one the link meant. */
  audienceId: number | undefined;
  canUpdate: boolean;
  busy: boolean;
  onRefresh: (a: Activation) => void;
  onCancel: (a: Activation) => void;
  onClose: () => void;
}

const JOB_STATES: Record<string, string> = { queued: 'Waiting to start', running: 'Running', succeeded: 'Finished', failed: 'Failed', cancelled: 'Stopped' };

/** One activation: its delivery facts, its job while it runs, and its error (the link of spec 1 §2.4 opens it). */
export function ActivationDetail({ productPath, activationId, audienceId, canUpdate, busy, onRefresh, onCancel, onClose }: Props) {
  const query = useQuery(activationQueryOptions(productPath, activationId));
  const a = query.data;
  const mismatch = a && audienceId !== undefined && a.audience_id !== audienceId;
  return (
    <section className="activation-detail" aria-labelledby="activation-detail-title">
      <header className="activation-detail__header">
        <h2 id="activation-detail-title">{a && !mismatch ? a.audience_name : 'Activation'}</h2>
        <button type="button" className="button button--secondary" onClick={onClose}>Close details</button>
      </header>
      {query.isPending ? <p>Loading…</p> : null}
      {query.isError || mismatch ? <p role="alert">This activation is not in this product.</p> : null}
      {a && !mismatch ? (
        <>
          <p><DeliveryStatusBadge state={a.state} /> to <strong>{a.destination.name}</strong></p>
          {a.state === 'error' && a.error ? <p className="activation-detail__error" role="alert">{a.error}</p> : null}
          {a.job && (a.job.state === 'queued' || a.job.state === 'running') ? (
            <div className="activation-detail__job">
              <progress max={1} value={a.job.progress} aria-label="Delivery progress" />
              <span>{a.job.message ?? JOB_STATES[a.job.state]}</span>
            </div>
          ) : null}
          <dl className="activation-detail__facts">
            <dt>Members</dt><dd>{a.member_count === null ? '-' : a.member_count.toLocaleString()}</dd>
            <dt>Sent Date</dt><dd>{formatActivationDate(a.sent_date)}</dd>
            <dt>Last Refresh</dt><dd>{a.last_refresh ? formatAsOf(Date.parse(a.last_refresh)) : '-'}</dd>
            <dt>End Date</dt><dd>{formatEndDate(a.end_date)}</dd>
            <dt>Delivered file</dt><dd>{a.file_name ?? '-'}</dd>
            <dt>Created</dt><dd>{formatActivationDate(a.created_at)}</dd>
            {a.job ? (<><dt>Last delivery job</dt><dd>{JOB_STATES[a.job.state]}{a.job.attempts > 1 ? ` after ${a.job.attempts} attempts` : ''}</dd></>) : null}
          </dl>
          {canUpdate ? (
            <div className="activation-detail__actions">
              {activationActions(a.state).refresh ? <button type="button" className="button button--primary" disabled={busy} onClick={() => onRefresh(a)}>Refresh</button> : null}
              {activationActions(a.state).cancel ? <button type="button" className="button button--secondary" disabled={busy} onClick={() => onCancel(a)}>Cancel activation</button> : null}
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
