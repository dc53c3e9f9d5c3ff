import type { ReactNode } from 'react';
import {
  DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { categoryTitle } from '@shared/rules/toolbox';
import type { ToolboxCategory } from '@shared/schemas/toolbox';

interface Actions {
  mayMove: boolean;
  mayRename: boolean;
  mayDelete: boolean;
  onMove(category: ToolboxCategory, toIndex: number): void;
  onRename(category: ToolboxCategory): void;
  onDelete(category: ToolboxCategory): void;
}

interface Props extends Actions {
  categories: readonly ToolboxCategory[];
  renderUnits(category: ToolboxCategory): ReactNode;
}

const titleOf = (categories: readonly ToolboxCategory[], id: UniqueIdentifier | undefined) =>
  categoryTitle(categories.find((c) => String(c.id) === String(id))?.name ?? '');

/** What a screen reader hears while a category is dragged by keyboard or pointer. */
function announcements(categories: readonly ToolboxCategory[]): Announcements {
  const position = (id: UniqueIdentifier | undefined) => categories.findIndex((c) => String(c.id) === String(id)) + 1;
  const of = `of ${categories.length}`;
  return {
    onDragStart: ({ active }) => `Picked up category ${titleOf(categories, active.id)}, position ${position(active.id)} ${of}.`,
    onDragOver: ({ active, over }) => (over ? `Category ${titleOf(categories, active.id)} is over position ${position(over.id)} ${of}.` : `Category ${titleOf(categories, active.id)} is no longer over a place.`),
    onDragEnd: ({ active, over }) => (over ? `Category ${titleOf(categories, active.id)} dropped at position ${position(over.id)} ${of}.` : `Category ${titleOf(categories, active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving category ${titleOf(categories, active.id)} was cancelled.`,
  };
}

const INSTRUCTIONS = 'To move a category, press space or enter on its handle, use the arrow keys, then space or enter to drop it, or escape to cancel. The Move up and Move down buttons move it by one place.';

/**
 * The toolbox's categories as sections in priority order, each with its units. Someone who may
 * update them reorders by dragging a section's handle (pointer, or keyboard: space, arrows,
 * space) or with its Move up / Move down buttons.
 */
export function CategorySections({ categories, renderUnits, ...actions }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const category = categories.find((c) => String(c.id) === String(active.id));
    const toIndex = categories.findIndex((c) => String(c.id) === String(over.id));
    if (category && toIndex >= 0) actions.onMove(category, toIndex);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={drop}
      accessibility={{ announcements: announcements(categories), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
    >
      <SortableContext items={categories.map((c) => String(c.id))} strategy={verticalListSortingStrategy} disabled={!actions.mayMove}>
        {categories.map((category, index) => (
          <CategorySection key={category.id} category={category} index={index} count={categories.length} {...actions}>
            {renderUnits(category)}
          </CategorySection>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function CategorySection({ category, index, count, children, ...actions }: Actions & { category: ToolboxCategory; index: number; count: number; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: String(category.id) });
  const title = categoryTitle(category.name);
  const headingId = `category-${category.id}`;
  return (
    <section
      ref={setNodeRef}
      className={`toolbox-group toolbox-category${isDragging ? ' toolbox-category--dragging' : ''}`}
      aria-labelledby={headingId}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="toolbox-category__header">
        {actions.mayMove ? (
          <button type="button" ref={setActivatorNodeRef} className="button button--ghost toolbox-category__handle" aria-label={`Drag category ${title}`} {...attributes} {...listeners}>
            <span aria-hidden="true">⠿</span>
          </button>
        ) : null}
        <h2 id={headingId}>{title}</h2>
        {actions.mayMove ? (
          <>
            <button type="button" className="button button--ghost" aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => actions.onMove(category, index - 1)}>Move up</button>
            <button type="button" className="button button--ghost" aria-label={`Move ${title} down`} disabled={index === count - 1} onClick={() => actions.onMove(category, index + 1)}>Move down</button>
          </>
        ) : null}
        {actions.mayRename ? <button type="button" className="button button--ghost" aria-label={`Rename ${title}`} onClick={() => actions.onRename(category)}>Rename</button> : null}
        {actions.mayDelete ? <button type="button" className="button button--ghost" aria-label={`Delete category ${title}`} onClick={() => actions.onDelete(category)}>Delete</button> : null}
      </div>
      {children}
    </section>
  );
}
