import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { can } from '@shared/permissions';
import type { Activation } from '@shared/schemas/activations';
import { PageHeader } from '../../components/page-header';
import { activationsQueryOptions, destinationsQueryOptions, type ActivationFilters } from '../../lib/activation-queries';
import type { ProductScope } from '../../lib/guards';
import '../../styles/activations.css';
import { ActivateAudienceDialog } from './activate-audience-dialog';
import { useActivateAudience, useCancelActivation, useRefreshActivation } from './activation-commands';
import { ActivationDetail } from './activation-detail';
import { ActivationFiltersBar } from './activation-filters';
import type { ActivationsSearch } from './activations-search';
import { ActivationsTable } from './activations-table';

interface Props {
  scope: ProductScope;
  search: ActivationsSearch;
  /** Opens an activation's detail (or closes it with null) in the address bar. */
  onOpen: (activation: Pick<Activation, 'id' | 'audience_id'> | null) => void;
}

const PER_PAGE = 25;
/** The search box asks the server once typing pauses. */
const SEARCH_PAUSE_MS = 300;

/** Audiences > Ams: the product's activations, their filters and row actions, "Activate an audience" and one activation's detail. */
export function ActivationsPage({ scope, search, onOpen }: Props) {
  const { productPath, permissions } = scope;
  const [filters, setFilters] = useState<ActivationFilters>({ page: 1, perPage: PER_PAGE });
  const [asked, setAsked] = useState<ActivationFilters>(filters);
  const [activating, setActivating] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(filters), filters.q === asked.q ? 0 : SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [filters, asked.q]);

  const list = useQuery({ ...activationsQueryOptions(productPath, asked), placeholderData: (previous) => previous });
  const destinations = useQuery(destinationsQueryOptions(productPath));
  const activate = useActivateAudience(productPath);
  const refresh = useRefreshActivation(productPath);
  const cancel = useCancelActivation(productPath);
  const canCreate = can(permissions, 'ams_activation', 'create');
  const canUpdate = can(permissions, 'ams_activation', 'update');
  const busyId = refresh.isPending ? (refresh.variables?.id ?? null) : cancel.isPending ? (cancel.variables?.id ?? null) : null;

  const page = list.data;
  const total = page?.meta.total ?? 0;
  const current = asked.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const detailHref = (a: Activation) => `/${productPath}/audiences/activations?activationId=${a.id}&audienceId=${a.audience_id}`;
  const filtered = Boolean(asked.state || asked.destinationId || asked.q);

  return (
    <div className="page activations-page">
      <PageHeader title="Activations">
        {canCreate ? (
          <button type="button" className="button button--primary" onClick={() => { activate.reset(); setActivating(true); }}>Activate an audience</button>
        ) : null}
      </PageHeader>
      <ActivationFiltersBar filters={filters} destinations={destinations.data ?? []} onChange={setFilters} />
      <div className="activations-page__body">
        <div className="activations-page__list">
          <ActivationsTable
            activations={page?.data ?? []}
            detailHref={detailHref}
            canUpdate={canUpdate}
            busyId={busyId}
            onRefresh={(a) => refresh.mutate(a)}
            onCancel={(a) => cancel.mutate(a)}
            empty={list.isPending ? 'Loading…' : filtered ? 'No activations match these filters.' : 'No activations yet.'}
          />
          {pages > 1 ? (
            <nav className="pager" aria-label="Activation pages">
              <button type="button" className="button button--secondary" disabled={current <= 1} onClick={() => setFilters({ ...filters, page: current - 1 })}>Previous</button>
              <span>Page {current} of {pages}</span>
              <button type="button" className="button button--secondary" disabled={current >= pages} onClick={() => setFilters({ ...filters, page: current + 1 })}>Next</button>
            </nav>
          ) : null}
        </div>
        {search.activationId !== undefined ? (
          <ActivationDetail
            key={search.activationId}
            productPath={productPath}
            activationId={search.activationId}
            audienceId={search.audienceId}
            canUpdate={canUpdate}
            busy={busyId === search.activationId}
            onRefresh={(a) => refresh.mutate(a)}
            onCancel={(a) => cancel.mutate(a)}
            onClose={() => onOpen(null)}
          />
        ) : null}
      </div>
      {activating ? (
        <ActivateAudienceDialog
          productPath={productPath}
          destinations={destinations.data ?? []}
          pending={activate.isPending}
          error={activate.error instanceof Error ? activate.error.message : null}
          onActivate={(body) => activate.mutate(body, {
            onSuccess: (created) => {
              setActivating(false);
              onOpen(created);
            },
          })}
          onClose={() => setActivating(false)}
        />
      ) : null}
    </div>
  );
}
