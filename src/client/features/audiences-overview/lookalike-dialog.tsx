import { useId, useState, type FormEvent } from 'react';
import { Dialog } from 'radix-ui';
import { TEXT } from '@shared/constants';
import { LOOKALIKE, lookalikeSize } from '@shared/rules/audience-kinds';
import { formatCount } from '@shared/rules/grow';
import type { AudienceDetail, Reach } from '@shared/schemas/audiences';
import { isApiError } from '../../lib/api-error';
import { createLookalike } from './audience-commands';

interface Props {
  context: string;
  seed: Pick<AudienceDetail, 'id' | 'name' | 'people_count'>;
  onCreated: (lookalike: AudienceDetail) => void;
  onClose: () => void;
}

const NAME_MAX = 100;

/**
 * Create Lookalike (issue 16): a name and a reach, 1× to 10× the seed or a target count, with the
 * seed's size and the size asked for. The server's job builds it; it is pending at first.
 */
export function LookalikeDialog({ context, seed, onCreated, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(`Lookalike of ${seed.name}`.slice(0, NAME_MAX));
  const [mode, setMode] = useState<Reach['kind']>('multiplier');
  const [multiplier, setMultiplier] = useState<number>(LOOKALIKE.defaultMultiplier);
  const seedSize = seed.people_count ?? 0;
  const [target, setTarget] = useState<number>(seedSize * LOOKALIKE.defaultMultiplier);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const reach: Reach = mode === 'multiplier' ? { kind: 'multiplier', value: multiplier } : { kind: 'count', value: Math.round(target) };
  // The region's size is the server's to check: here the seed's minimum and the size asked for.
  const sized = lookalikeSize(reach, seedSize, Number.MAX_SAFE_INTEGER);
  const nameError = name.trim() === '' ? 'Name is required.' : null;
  const targetError = mode === 'count' && !(Number.isInteger(reach.value) && reach.value > 0) ? 'A target count must be a positive whole number.' : null;
  const blocked = nameError ?? targetError ?? sized.error;

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
                    type="range" min={LOOKALIKE.minMultiplier} max={LOOKALIKE.maxMultiplier} step={0.5} value={multiplier}
                    aria-label="Reach slider" onChange={(e) => setMultiplier(Number(e.target.value))}
                  />
                  <input
                    id={`${id}-multiplier`} type="number" min={LOOKALIKE.minMultiplier} max={LOOKALIKE.maxMultiplier} step={0.5} value={multiplier}
                    onChange={(e) => setMultiplier(Math.min(LOOKALIKE.maxMultiplier, Math.max(LOOKALIKE.minMultiplier, Number(e.target.value) || LOOKALIKE.minMultiplier)))}
                  />
                  <span>×</span>
                </div>
              </div>
            ) : (
              <div className="field">
                <label htmlFor={`${id}-target`}>Target count</label>
                <input id={`${id}-target`} type="number" min={1} step={1} value={Number.isFinite(target) ? target : ''} onChange={(e) => setTarget(Number(e.target.value))} aria-invalid={targetError ? true : undefined} />
                {targetError ? <p className="field__error" role="alert">{targetError}</p> : null}
              </div>
            )}
            <p role="status">Lookalike size: <strong>{sized.error ? '-' : formatCount(sized.size)}</strong> people</p>
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
