import './toolbox.css';
import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { can, type PermissionSet } from '@shared/permissions';
import { TOASTS } from '@shared/rules/brands';
import { formatContext, slugsOf, type ResolvedContext } from '@shared/rules/context';
import { ALL_REGIONS, categoryTitle, groupUnits, sortCategories } from '@shared/rules/toolbox';
import type { ToolboxCategory } from '@shared/schemas/toolbox';
import { ActionAlert } from '../../components/action-alert';
import { PageHeader } from '../../components/page-header';
import { isApiError } from '../../lib/api-error';
import { useWithOutbox } from '../../lib/offline/outbox-client';
import { toolboxCategoriesQueryOptions, toolboxUnitsQueryOptions } from '../../lib/toolbox-queries';
import { errorToast, successToast } from '../../lib/ui-store';
import { createCategory, deleteCategory, moveCategory, renameCategory } from './category-api';
import { CategoryDeleteDialog } from './category-delete-dialog';
import { CategoryNameDialog } from './category-name-dialog';
import { CategorySections } from './category-sections';
import { byName, createUnit, deleteUnit, saveUnit, setUnitShown, UNIT_ENTITY, type UnitView } from './unit-commands';
import { UnitFormDialog } from './unit-form-dialog';

interface Props {
  context: ResolvedContext;
  permissions: PermissionSet;
}

/**
 * The toolbox (spec 1 §2.11): the client's units grouped under its categories in priority order.
 * Units are added, edited, hidden and deleted offline or online (the outbox); categories are
 * added, renamed, deleted and reordered online.
 */
export function ToolboxPage({ context, permissions }: Props) {
  const client = context.client;
  const queryClient = useQueryClient();
  const units = useQuery(toolboxUnitsQueryOptions(client.slug));
  const categoryQuery = useQuery(toolboxCategoriesQueryOptions(client.slug));
  const categories = useMemo(() => sortCategories(categoryQuery.data ?? []), [categoryQuery.data]);
  const overlaid = useWithOutbox<UnitView[]>(UNIT_ENTITY, units.data);
  // Queued edits are applied in order; the list is sorted once, here.
  const shown = useMemo(() => [...(overlaid ?? [])].sort(byName), [overlaid]);
  const groups = useMemo(() => groupUnits(categories, shown), [categories, shown]);
  const [editing, setEditing] = useState<UnitView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<UnitView | null>(null);
  const [naming, setNaming] = useState<ToolboxCategory | 'new' | null>(null);
  const [deletingCategory, setDeletingCategory] = useState<ToolboxCategory | null>(null);
  const [moved, setMoved] = useState('');
  const xContext = formatContext(slugsOf(context));
  const mayCreate = can(permissions, 'toolbox_client_configuration', 'create');
  const mayUpdate = can(permissions, 'toolbox_client_configuration', 'update');
  const mayDelete = can(permissions, 'toolbox_client_configuration', 'destroy');
  const regionName = (id: string) => (id === ALL_REGIONS ? 'All regions' : (client.regions.find((r) => String(r.id) === id)?.name ?? id));

  const move = (category: ToolboxCategory, toIndex: number) => {
    if (toIndex < 0 || toIndex >= categories.length) return;
    setMoved(`Category ${categoryTitle(category.name)} moved to position ${toIndex + 1} of ${categories.length}.`);
    moveCategory(queryClient, client.slug, categories, category.id, toIndex).catch((err: unknown) => {
      setMoved(`Category ${categoryTitle(category.name)} could not be moved.`);
      errorToast('The new order could not be saved. Please try again.', isApiError(err) ? err.message : 'The server could not be reached.', TOASTS.saveFailureMs);
    });
  };

  const unitList = (list: readonly UnitView[]) => (list.length === 0 ? <p className="empty-state">No units in this category.</p> : (
    <ul className="unit-list">
      {list.map((u) => (
        <li key={u.id} className="unit" aria-label={`Unit ${u.name}`}>
          <span className="unit__name">{u.name}</span>
          {u.pending ? <span className="unit__badge">Pending</span> : null}
          <span className="unit__meta">{u.iframed ? 'Opens inside the product' : 'Opens in a new tab'} · {u.region_ids.map(regionName).join(', ')} · {u.url}</span>
          {mayUpdate ? <button type="button" className="button button--ghost" onClick={() => setEditing(u)}>Edit</button> : null}
          {mayUpdate ? (
            <button type="button" className="button button--ghost" onClick={() => void setUnitShown(xContext, u, !u.status)}>{u.status ? 'Hide' : 'Show'}</button>
          ) : null}
          {mayDelete ? <button type="button" className="button button--ghost" onClick={() => setDeleting(u)}>Delete</button> : null}
        </li>
      ))}
    </ul>
  ));
  const unitsOf = (category: ToolboxCategory) => {
    const group = groups.find((g) => g.kind === 'category' && g.category.id === category.id);
    return unitList(group?.units ?? []);
  };

  return (
    <div className="page">
      <PageHeader title="Toolbox">
        {mayCreate ? <button type="button" className="button button--secondary" onClick={() => setNaming('new')}>Add category</button> : null}
        {mayCreate ? <button type="button" className="button button--primary" onClick={() => setEditing('new')}>Add unit</button> : null}
      </PageHeader>
      {units.isPending || categoryQuery.isPending ? <p role="status">Loading units…</p> : null}
      {units.isError && !units.data ? <p role="alert">The toolbox could not be loaded. Check the network and try again.</p> : null}
      {categoryQuery.isError && !categoryQuery.data ? <p role="alert">The toolbox categories could not be loaded. Check the network and try again.</p> : null}
      {units.data && shown.length === 0 ? <p className="empty-state">This client has no toolbox units yet.</p> : null}
      <p className="visually-hidden" aria-live="polite" role="status">{moved}</p>
      <CategorySections
        categories={categories}
        renderUnits={unitsOf}
        mayMove={mayUpdate}
        mayRename={mayUpdate}
        mayDelete={mayDelete}
        onMove={move}
        onRename={setNaming}
        onDelete={setDeletingCategory}
      />
      {groups.flatMap((g) => (g.kind === 'category' ? [] : [(
        <section key={g.kind} className="toolbox-group" aria-labelledby={`group-${g.kind}`}>
          <h2 id={`group-${g.kind}`}>{g.kind === 'hidden' ? 'Hidden units' : 'Without a category'}</h2>
          {unitList(g.units)}
        </section>
      )]))}
      {editing ? (
        <UnitFormDialog
          unit={editing === 'new' ? null : editing}
          regions={client.regions}
          categories={categories.map((c) => c.name)}
          otherNames={shown.filter((u) => editing === 'new' || u.id !== editing.id).map((u) => u.name)}
          onClose={() => setEditing(null)}
          onSave={(fields) => {
            void (editing === 'new' ? createUnit(xContext, fields) : saveUnit(xContext, editing, fields));
            setEditing(null);
          }}
        />
      ) : null}
      {naming ? (
        <CategoryNameDialog
          category={naming === 'new' ? null : naming}
          otherNames={categories.filter((c) => naming === 'new' || c.id !== naming.id).map((c) => c.name)}
          onClose={() => setNaming(null)}
          onSave={async (name) => {
            const saved = naming === 'new' ? await createCategory(queryClient, client.slug, name) : await renameCategory(queryClient, naming, name);
            setNaming(null);
            successToast(naming === 'new' ? `Category ${saved.name} was added.` : `Category ${naming.name} was renamed ${saved.name}.`, undefined, TOASTS.successMs);
          }}
        />
      ) : null}
      {deletingCategory ? (
        <CategoryDeleteDialog
          category={deletingCategory}
          clientName={client.name}
          onClose={() => setDeletingCategory(null)}
          onDelete={async () => {
            await deleteCategory(queryClient, deletingCategory);
            setDeletingCategory(null);
            successToast(`Category ${deletingCategory.name} was deleted.`, undefined, TOASTS.successMs);
          }}
        />
      ) : null}
      {deleting ? (
        <ActionAlert
          title={`Delete unit ${deleting.name}?`}
          message={`It disappears from the toolbox and the navigation for everyone in ${client.name}.`}
          confirm={{ label: 'Delete', onConfirm: () => void deleteUnit(xContext, deleting) }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
