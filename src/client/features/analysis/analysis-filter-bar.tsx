import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { FieldError } from '../../components/field-error';
import { FilterBar } from '../../components/filter-bar';
import { SegmentPicker } from '../../components/segment-picker';
import { addFilterSegment, analysisFilterStore, groupLabel, rememberSegmentName, removeFilterGroup, type FilterTarget } from './analysis-filters';

interface Props {
  context: string;
  region: string;
  filters: number[][];
  onChange: (filters: number[][]) => void;
}

/**
 * The analysis pages' segment filters: the filters as removable chips (each an OR of segments;
 * the filters are ANDed), and the segment picker to add one, as a new filter or OR-ed into one.
 */
export function AnalysisFilterBar({ context, region, filters, onChange }: Props) {
  const id = useId();
  const { names } = useSnapshot(analysisFilterStore);
  const [target, setTarget] = useState<FilterTarget>('new');
  const [refusal, setRefusal] = useState<string | null>(null);
  const shownTarget = typeof target === 'number' && target >= filters.length ? 'new' : target;

  const add = (segment: { id: number; name: string; path_parts: string[] } | null) => {
    if (!segment) return;
    rememberSegmentName(segment.id, segment.path_parts.length > 0 ? segment.path_parts.join(' > ') : segment.name);
    const next = addFilterSegment(filters, segment.id, shownTarget);
    if ('error' in next) return setRefusal(next.error);
    setRefusal(null);
    onChange(next.groups);
  };

  return (
    <div className="analysis-filters">
      <FilterBar
        chips={filters.map((group, i) => ({ id: i, market: '', audience: '', label: groupLabel(group, names) }))}
        onRemove={(i) => {
          setRefusal(null);
          onChange(removeFilterGroup(filters, Number(i)));
        }}
        onClear={() => {
          setRefusal(null);
          onChange([]);
        }}
        emptyText="No filters: everyone in the region’s data."
      />
      <div className="analysis-filters__add">
        <SegmentPicker label="Filter by segment" context={context} region={region} kind="any" value={null} known={undefined} onChange={add} />
        {filters.length > 0 ? (
          <div className="field analysis-filters__target">
            <label htmlFor={`${id}-target`}>Add it</label>
            <select id={`${id}-target`} value={String(shownTarget)} onChange={(e) => setTarget(e.target.value === 'new' ? 'new' : Number(e.target.value))}>
              <option value="new">As a new filter (and)</option>
              {filters.map((group, i) => <option key={i} value={i}>Or with {groupLabel(group, names)}</option>)}
            </select>
          </div>
        ) : null}
      </div>
      <FieldError id={id} field="filters" message={refusal} />
    </div>
  );
}
