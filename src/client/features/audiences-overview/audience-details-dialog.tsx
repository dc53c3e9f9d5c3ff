import { useQuery } from '@tanstack/react-query';
import { Dialog, DropdownMenu } from 'radix-ui';
import { AUDIENCE_KIND_LABELS } from '@shared/rules/audience-kinds';
import type { AudienceSummary, LineageStep } from '@shared/schemas/audiences';
import { AppLink } from '../../components/app-link';
import { audienceQueryOptions } from './audiences-queries';
import { breadcrumb, type Crumb } from './lineage';

interface Props {
  name: string;
  /** Null while it is read (from the overview's row menu). */
  lineage: readonly LineageStep[] | null;
  productPath: string;
  onClose: () => void;
}

/**
 * The audience details modal (spec 1 §2.9): its breadcrumb history (what it was made from, oldest
 * first); more than three levels collapse the middle into a menu; closable.
 */
export function AudienceDetailsDialog({ name, lineage, productPath, onClose }: Props) {
  const { first, middle, last } = breadcrumb(lineage ?? [], productPath);
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog audience-details">
          <Dialog.Title>Audience details</Dialog.Title>
          <Dialog.Description>How “{name}” was made, oldest first.</Dialog.Description>
          {lineage === null ? <p role="status">Loading…</p> : null}
          <nav aria-label="Audience history">
            <ol className="audience-crumbs">
              {first.map((c) => <CrumbItem key={c.key} crumb={c} onGo={onClose} />)}
              {middle.length > 0 ? (
                <li className="audience-crumbs__item">
                  <DropdownMenu.Root>
                    <DropdownMenu.Trigger className="button button--ghost" aria-label={`${middle.length} more levels`}>…</DropdownMenu.Trigger>
                    <DropdownMenu.Portal>
                      <DropdownMenu.Content className="menu audience-crumbs__menu" align="start">
                        {middle.map((c) => (
                          <DropdownMenu.Item key={c.key} className="menu__item" disabled={c.href === null} asChild={c.href !== null}>
                            {c.href !== null ? <AppLink to={c.href} onClick={onClose}>{c.name}</AppLink> : <span><CrumbName crumb={c} /></span>}
                          </DropdownMenu.Item>
                        ))}
                      </DropdownMenu.Content>
                    </DropdownMenu.Portal>
                  </DropdownMenu.Root>
                </li>
              ) : null}
              {last.map((c) => <CrumbItem key={c.key} crumb={c} onGo={onClose} />)}
            </ol>
          </nav>
          <div className="dialog__actions">
            <Dialog.Close className="button button--secondary">Close</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CrumbName({ crumb }: { crumb: Crumb }) {
  return (
    <>
      {crumb.name}
      <span className="audience-crumbs__kind"> ({AUDIENCE_KIND_LABELS[crumb.kind]})</span>
      {crumb.deleted ? <span className="audience-crumbs__deleted"> (deleted)</span> : null}
    </>
  );
}

function CrumbItem({ crumb, onGo }: { crumb: Crumb; onGo: () => void }) {
  return (
    <li className="audience-crumbs__item" aria-current={crumb.current ? 'page' : undefined}>
      {crumb.href !== null ? <AppLink to={crumb.href} onClick={onGo}>{crumb.name}</AppLink> : <CrumbName crumb={crumb} />}
    </li>
  );
}

/** The modal opened from an overview row: its history comes with the audience's details. */
export function AudienceLineageDialog({ context, productPath, audience, onClose }: {
  context: string;
  productPath: string;
  audience: Pick<AudienceSummary, 'id' | 'name' | 'kind'>;
  onClose: () => void;
}) {
  const detail = useQuery(audienceQueryOptions(context, audience.id));
  const lineage = detail.data?.lineage ?? (detail.isError ? [{ id: audience.id, name: audience.name, kind: audience.kind, deleted: false }] : null);
  return <AudienceDetailsDialog name={audience.name} lineage={lineage} productPath={productPath} onClose={onClose} />;
}
