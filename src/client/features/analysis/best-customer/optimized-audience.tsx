import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { proxy, useSnapshot } from 'valtio';
import { TEXT } from '@shared/constants';
import { can } from '@shared/permissions';
import { AUDIENCES_TEXT, LOOKALIKE } from '@shared/rules/audience-kinds';
import { GROW_TEXT } from '@shared/rules/grow';
import type { AudienceRules } from '@shared/schemas/audience-rules';
import { AppLink } from '../../../components/app-link';
import { AudienceBuildNote, AUDIENCE_STATUS_LABELS } from '../../../components/audience-build-note';
import { BlockableButton } from '../../../components/blockable-button';
import { FieldError, fieldErrorProps } from '../../../components/field-error';
import { isApiError } from '../../../lib/api-error';
import { audienceQueryOptions, createOptimizedAudience, isBuilding, qualityText } from '../../../lib/audience-build';
import type { ProductScope } from '../../../lib/guards';
import { successToast } from '../../../lib/ui-store';

/** The optimized audience last built from this page, per context: it is followed until the user leaves the context. */
const built = proxy({ byContext: {} as Record<string, number> });

const NAME_MAX = 100;
export const BUILD_OPTIMIZED = 'Build an Optimized Audience';

interface Props {
  scope: ProductScope;
  context: string;
  /** The best customers: the lookalike's seed. */
  seed: { rule: AudienceRules; people: number };
  defaultName: string;
}

/**
 * "Build an Optimized Audience" of the best customers: an optimized (pve) lookalike seeded by
 * their rule, through the one way the app starts one (lib/audience-build, as the builder's), at the
 * default reach; then its build followed as the audience's page shows it, with a link to it.
 */
export function OptimizedAudienceButton({ scope, context, seed, defaultName }: Props) {
  const [open, setOpen] = useState(false);
  const block = !can(scope.permissions, 'audiences', 'create') ? GROW_TEXT.saveAudienceNoCreate : seed.people < LOOKALIKE.minSeed ? AUDIENCES_TEXT.seedTooSmall : null;
  return (
    <>
      <BlockableButton block={block} onClick={() => setOpen(true)}>{BUILD_OPTIMIZED}</BlockableButton>
      {open ? (
        <BuildDialog
          context={context}
          seed={seed}
          defaultName={defaultName}
          onClose={() => setOpen(false)}
          onBuilt={(id) => {
            built.byContext[context] = id;
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

/** The optimized audience last built from this page in this context, followed as it is built. */
export function OptimizedAudienceStatus({ productPath, context }: { productPath: string; context: string }) {
  const { byContext } = useSnapshot(built);
  const madeId = byContext[context];
  return madeId === undefined ? null : <BuiltAudience productPath={productPath} context={context} id={madeId} />;
}

function BuildDialog({ context, seed, defaultName, onClose, onBuilt }: { context: string; seed: Props['seed']; defaultName: string; onClose: () => void; onBuilt: (id: number) => void }) {
  const id = useId();
  const [name, setName] = useState(defaultName.slice(0, NAME_MAX));
  const [state, setState] = useState<{ busy: boolean; error: string | null; tried: boolean }>({ busy: false, error: null, tried: false });
  const nameError = name.trim() === '' ? 'Name is required.' : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (nameError) return setState((s) => ({ ...s, tried: true }));
    setState({ busy: true, error: null, tried: true });
    createOptimizedAudience(context, name, seed.rule).then(
      (made) => {
        successToast(`Building optimized audience '${made.name}'.`, 'It appears in the notification centre when it is ready.');
        onBuilt(made.id);
      },
      (error: unknown) => setState({ busy: false, tried: true, error: isApiError(error) ? error.message : TEXT.genericError }),
    );
  };
  return (
    <Dialog.Root open onOpenChange={(o) => (o || state.busy ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{BUILD_OPTIMIZED}</Dialog.Title>
          <Dialog.Description>
            People outside the best customers who look most like them ({seed.people.toLocaleString('en-US')} people), {LOOKALIKE.defaultMultiplier}× as many.
          </Dialog.Description>
          <form onSubmit={submit} noValidate>
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input id={`${id}-name`} value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.target.value)} {...fieldErrorProps(id, 'name', state.tried ? nameError : null)} />
              <FieldError id={id} field="name" message={state.tried ? nameError : null} />
            </div>
            {state.error ? <p role="alert" className="form-error">{state.error}</p> : null}
            <div className="dialog__actions">
              <button type="button" className="button button--ghost" disabled={state.busy} onClick={onClose}>Cancel</button>
              <button type="submit" className="button button--primary" disabled={state.busy} aria-busy={state.busy}>{state.busy ? 'Building…' : 'Build'}</button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The audience being built: its status and progress, then its measured lift, and a link to its page. */
function BuiltAudience({ productPath, context, id }: { productPath: string; context: string; id: number }) {
  const query = useQuery(audienceQueryOptions(context, id));
  const audience = query.data;
  if (!audience) return query.isError ? <p className="insight-note">The optimized audience could not be read: see it in Audiences.</p> : null;
  const href = `/${productPath}/audiences/overview/${/^[a-z_]{1,40}$/i.test(audience.type) ? audience.type.toLowerCase() : 'lookalike'}/${audience.id}`;
  return (
    <div className="analysis-optimized" aria-live="polite">
      <p className="analysis-optimized__title">
        <AppLink to={href}>{audience.name}</AppLink> · <span data-testid="optimized-status">{AUDIENCE_STATUS_LABELS[audience.status]}</span>
        {audience.people_count !== null && !isBuilding(audience.status) ? ` · ${audience.people_count.toLocaleString('en-US')} people` : null}
      </p>
      {isBuilding(audience.status) ? <AudienceBuildNote context={context} audience={audience} /> : null}
      {audience.status === 'failed' ? <p role="alert" className="insight-error">{audience.error ?? AUDIENCES_TEXT.lookalikeFailed}</p> : null}
      {audience.quality ? <p className="analysis-optimized__quality" data-testid="optimized-quality">{qualityText(audience.quality)}</p> : null}
    </div>
  );
}
