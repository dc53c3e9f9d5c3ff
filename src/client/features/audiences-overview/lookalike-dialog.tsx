import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { LOOKALIKE, lookalikeSize, readReach } from '@shared/rules/audience-kinds';
import { formatCount } from '@shared/rules/grow';
import type { AudienceDetail, Reach } from '@shared/schemas/audiences';
import { FieldError, fieldErrorProps } from '../../components/field-error';
import { isApiError } from '../../lib/api-error';
import { ruleCountsQueryOptions } from '../../lib/insights-queries';
import { createLookalike } from './audience-commands';

interface Props {
  context: string;
  seed: Pick<AudienceDetail, 'id' | 'name' | 'people_count' | 'rules'>;
  onCreated: (lookalike: AudienceDetail) => void;
  onClose: () => void;
}

const NAME_MAX = 100;

/**
 * Create Lookalike (issue 16): a name and a reach, 1× to 10× the seed or a target count, with the
 * seed's size and the size asked for. The server's job builds it; it is pending at first.
 * What is typed is checked as typed, never clamped (issue 27 item 6): the reach by the contract's
 * rule (readReach), the size against the region's people outside the seed (lookalikeSize, the
 * server's own check), each with its message, and Create waits until both pass.
 */
export function LookalikeDialog({ context, seed, onCreated, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(`Lookalike of ${seed.name}`.slice(0, NAME_MAX));
  const [mode, setMode] = useState<Reach['kind']>('multiplier');
  const seedSize = seed.people_count ?? 0;
  const [typed, setTyped] = useState({ multiplier: String(LOOKALIKE.defaultMultiplier), count: String(seedSize * LOOKALIKE.defaultMultiplier) });
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  // The region's people, from the counts the builder asks (the seed's rule answers them with everyone in the region).
  const region = useQuery({ ...ruleCountsQueryOptions(context, seed.rules ?? { include: { and: [] }, exclude: [], values: [] }), enabled: seed.rules !== null });
  const read = readReach(mode, typed[mode]);
  const reach: Reach = read.reach;
  const sized = read.error ? { size: 0, error: null } : lookalikeSize(reach, seedSize, region.data?.people ?? Number.MAX_SAFE_INTEGER);
  const nameError = name.trim() === '' ? 'Name is required.' : null;
  const reachError = read.error;
  const blocked = nameError ?? reachError ?? sized.error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return;
    setState({ busy: true, error: null });
    createLookalike(context, { name: name.trim(), seed_audience_id: seed.id, reach, audience_type: null }).then(
      (created) => onCreated(created),
      (error: unknown) => setState({ busy: false, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>Create Lookalike</Dialog.Title>
          <Dialog.Description>
            People outside “{seed.name}” who look most like it. Seed: <strong>{formatCount(seedSize)}</strong> people.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} aria-invalid={nameError ? true : undefined} />
              {nameError ? <p className="field__error" role="alert">{nameError}</p> : null}
            </div>
            <fieldset className="field">
              <legend>Reach</legend>
              <label className="field--inline">
                <input type="radio" name={`${id}-mode`} checked={mode === 'multiplier'} onChange={() => setMode('multiplier')} /> A multiple of the seed
              </label>
              <label className="field--inline">
                <input type="radio" name={`${id}-mode`} checked={mode === 'count'} onChange={() => setMode('count')} /> A target count
              </label>
            </fieldset>
            {mode === 'multiplier' ? (
              <div className="field lookalike-reach">
                <label htmlFor={`${id}-multiplier`}>Times the seed</label>
                <div className="lookalike-reach__inputs">
                  <input
                    type="range" min={LOOKALIKE.minMultiplier} max={LOOKALIKE.maxMultiplier} step={0.5} value={reachError ? LOOKALIKE.defaultMultiplier : reach.value}
                    aria-label="Reach slider" onChange={(e) => setTyped((t) => ({ ...t, multiplier: e.target.value }))}
                  />
                  <input
                    id={`${id}-multiplier`} type="number" min={LOOKALIKE.minMultiplier} max={LOOKALIKE.maxMultiplier} step={0.5} value={typed.multiplier}
                    onChange={(e) => setTyped((t) => ({ ...t, multiplier: e.target.value }))} {...fieldErrorProps(id, 'multiplier', reachError)}
                  />
                  <span>×</span>
                </div>
                <FieldError id={id} field="multiplier" message={reachError} />
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-target`}>Target count</label>
                <input id={`${id}-target`} type="number" min={1} step={1} value={typed.count} onChange={(e) => setTyped((t) => ({ ...t, count: e.target.value }))} {...fieldErrorProps(id, 'count', reachError)} />
                <FieldError id={id} field="count" message={reachError} />
              </div>
            )}
            <p role="status">Lookalike size: <strong>{reachError || sized.error ? '-' : formatCount(sized.size)}</strong> people</p>
            {sized.error ? <p className="field__error" role="alert">{sized.error}</p> : null}
            {state.error ? <p className="field__error" role="alert">{state.error}</p> : null}
            <div className="dialog__actions">
              <Dialog.Close className="button button--secondary">Cancel</Dialog.Close>
              <button type="submit" className="button button--primary" disabled={state.busy || blocked !== null} aria-busy={state.busy}>Create Lookalike</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
