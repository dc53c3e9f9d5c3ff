import type { CSSProperties, KeyboardEventHandler, PointerEventHandler } from 'react';
import type { DraggableAttributes } from '@dnd-kit/core';

/**
 * What a sortable column or tile needs from dnd-kit, kept apart from dnd-kit's hooks so the
 * column and tile components render the same in view mode (where there is no binding).
 */
export interface DragBinding {
  setNodeRef(el: HTMLElement | null): void;
  setActivatorNodeRef(el: HTMLElement | null): void;
  /** Pointer drags start anywhere on the item (5 px of movement first, so clicks still click). */
  onPointerDown: PointerEventHandler | undefined;
  /** Keyboard drags start only from the handle, so Enter and Space on the item keep their meaning. */
  onKeyDown: KeyboardEventHandler | undefined;
  attributes: DraggableAttributes;
  style: CSSProperties;
  dragging: boolean;
  disabled: boolean;
}

/** The grip button: the keyboard way to move a column or tile (Space to pick up, arrows, Space to drop). */
export function DragHandle({ label, binding, className }: { label: string; binding: DragBinding; className: string }) {
  const { setActivatorNodeRef, attributes, onKeyDown, disabled } = binding;
  if (disabled) return null;
  return (
    <button type="button" ref={setActivatorNodeRef} className={`drag-handle ${className}`} {...attributes} aria-label={label} onKeyDown={onKeyDown}>
      <svg viewBox="0 0 10 16" width="8" height="14" aria-hidden="true" focusable="false">
        {[2, 8, 14].flatMap((cy) => [2, 8].map((cx) => <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r="1.6" fill="currentColor" />))}
      </svg>
    </button>
  );
}
