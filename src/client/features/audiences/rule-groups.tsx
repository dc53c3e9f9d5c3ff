import { useId, type ReactNode } from 'react';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { formatCount } from '@shared/rules/grow';
import {
  addGroup, moveGroup, moveSegment, removeGroup, removeSegment, removeValue, segmentPlace, toggleNot, type RuleDraft, type SegmentTarget,
} from '@shared/rules/rule-edits';
import { segmentLabel, valueLabel } from './audience-rules-text';

interface Props {
  draft: RuleDraft;
  onChange(draft: RuleDraft): void;
  labels: Readonly<Record<string, string>>;
  valueLabels: Readonly<Record<string, string>>;
  /** People of each include group and value group alone, in the draft's order of non-empty groups; undefined while unknown. */
  groupCounts: { include: (number | undefined)[]; values: (number | undefined)[]; exclude: number | undefined };
}

const dropId = (target: SegmentTarget) => `target:${String(target)}`;
const targetOf = (id: string | number | undefined): SegmentTarget | null => {
  if (typeof id !== 'string' || !id.startsWith('target:')) return null;
  const rest = id.slice('target:'.length);
  return rest === 'exclude' || rest === 'new' ? rest : Number(rest);
};

/**
 * The rule being built (issue 15): include groups (OR within, AND across), the excludes (OR)
 * and value groups. A segment moves by drag (pointer or keyboard: space, arrows, space) or by
 * its "Move to" list; NOT sends it to the excludes and back; groups are added, removed and
 * reordered.
 */
export function RuleGroups({ draft, onChange, labels, valueLabels, groupCounts }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const drop = ({ active, over }: DragEndEvent) => {
    const target = targetOf(over?.id);
    const id = Number(String(active.id).slice('segment:'.length));
    if (target === null || !Number.isSafeInteger(id)) return;
    const place = segmentPlace(draft, id);
    if (place === target) return;
    onChange(moveSegment(draft, id, target));
  };
  // Counts follow the non-empty groups (what the rule sends).
  let counted = 0;
  const countOf = (group: readonly number[]) => (group.length > 0 ? groupCounts.include[counted++] : undefined);
  const name = (id: number) => segmentLabel(id, labels);
  const chip = (id: number, where: number | 'exclude') => (
    <SegmentChip key={id} id={id} name={name(id)} where={where} groups={draft.include.length} excluded={where === 'exclude'}
      onMove={(t) => onChange(moveSegment(draft, id, t))} onNot={() => onChange(toggleNot(draft, id))} onRemove={() => onChange(removeSegment(draft, id))} />
  );

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop}>
      <section className="rule-groups" aria-label="Include">
        <h2 className="audience-builder__section-title">Include</h2>
        <p className="field__hint">People in any segment of a group (OR), and in every group (AND).</p>
        <ol className="rule-groups__list">
          {draft.include.map((group, i) => (
            <li key={i}>
              {i > 0 ? <p className="rule-groups__and" aria-hidden="true">AND</p> : null}
              <DropZone target={i} label={`Group ${i + 1}`} count={countOf(group)}
                actions={
                  <>
                    <button type="button" className="button button--ghost" disabled={i === 0} onClick={() => onChange(moveGroup(draft, i, i - 1))} aria-label={`Move group ${i + 1} up`}>↑</button>
                    <button type="button" className="button button--ghost" disabled={i === draft.include.length - 1} onClick={() => onChange(moveGroup(draft, i, i + 1))} aria-label={`Move group ${i + 1} down`}>↓</button>
                    <button type="button" className="button button--ghost" onClick={() => onChange(removeGroup(draft, i))} aria-label={`Remove group ${i + 1}`}>✕</button>
                  </>
                }>
                {group.length === 0 ? <p className="rule-groups__empty">Add segments here, or drag one in.</p> : group.map((id) => chip(id, i))}
              </DropZone>
            </li>
          ))}
        </ol>
        <button type="button" className="button button--secondary" onClick={() => onChange(addGroup(draft))}>Add group</button>
      </section>
      {draft.values.length > 0 ? (
        <section className="rule-groups" aria-label="Include values">
          <h2 className="audience-builder__section-title">Include values</h2>
          <p className="field__hint">People with any value of a group (OR), and in every group (AND).</p>
          <ol className="rule-groups__list">
            {draft.values.map((group, i) => (
              <li key={i} className="rule-group" aria-label={`Values ${i + 1}`}>
                <div className="rule-group__head">
                  <span>Values {i + 1}</span>
                  <GroupCount count={groupCounts.values[i]} />
                </div>
                <ul className="rule-group__chips">
                  {group.map((v) => (
                    <li key={v} className="rule-chip">
                      <span>{valueLabel(v, valueLabels)}</span>
                      <button type="button" className="button button--ghost" aria-label={`Remove ${valueLabel(v, valueLabels)}`} onClick={() => onChange(removeValue(draft, v))}>✕</button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <section className="rule-groups rule-groups--exclude" aria-label="Exclude">
        <h2 className="audience-builder__section-title">Exclude</h2>
        <p className="field__hint">People in any of these segments are left out.</p>
        <DropZone target="exclude" label="Excluded segments" count={draft.exclude.length > 0 ? groupCounts.exclude : undefined}>
          {draft.exclude.length === 0 ? <p className="rule-groups__empty">Turn on NOT on a segment, or drag one here.</p> : draft.exclude.map((id) => chip(id, 'exclude'))}
        </DropZone>
      </section>
    </DndContext>
  );
}

function GroupCount({ count }: { count: number | undefined }) {
  return count === undefined ? null : <span className="rule-group__count">{formatCount(count)} people</span>;
}

function DropZone({ target, label, count, actions, children }: { target: SegmentTarget; label: string; count: number | undefined; actions?: ReactNode; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: dropId(target) });
  return (
    <div ref={setNodeRef} className={`rule-group${isOver ? ' rule-group--over' : ''}`} role="group" aria-label={label}>
      <div className="rule-group__head">
        <span>{label}</span>
        <GroupCount count={count} />
        {actions ? <span className="rule-group__actions">{actions}</span> : null}
      </div>
      <ul className="rule-group__chips">{children}</ul>
    </div>
  );
}

interface ChipProps {
  id: number;
  name: string;
  where: number | 'exclude';
  groups: number;
  excluded: boolean;
  onMove(target: SegmentTarget): void;
  onNot(): void;
  onRemove(): void;
}

function SegmentChip({ id, name, where, groups, excluded, onMove, onNot, onRemove }: ChipProps) {
  const selectId = useId();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `segment:${id}` });
  return (
    <li ref={setNodeRef} className={`rule-chip${isDragging ? ' rule-chip--dragging' : ''}${excluded ? ' rule-chip--excluded' : ''}`} style={{ transform: CSS.Translate.toString(transform) }} aria-label={name}>
      <button type="button" className="rule-chip__handle" aria-label={`Drag ${name}`} {...attributes} {...listeners}>⠿</button>
      <span className="rule-chip__name">{name}</span>
      <button type="button" className="button button--ghost rule-chip__not" aria-pressed={excluded} aria-label={`NOT ${name}`} onClick={onNot}>NOT</button>
      <label className="visually-hidden" htmlFor={selectId}>Move {name} to</label>
      <select id={selectId} className="rule-chip__move" value={String(where)} onChange={(e) => onMove(e.target.value === 'exclude' || e.target.value === 'new' ? e.target.value : Number(e.target.value))}>
        {Array.from({ length: groups }, (_, i) => <option key={i} value={String(i)}>Group {i + 1}</option>)}
        <option value="new">New group</option>
        <option value="exclude">Exclude</option>
      </select>
      <button type="button" className="button button--ghost" aria-label={`Remove ${name}`} onClick={onRemove}>✕</button>
    </li>
  );
}
