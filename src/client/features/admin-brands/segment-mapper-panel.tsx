import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mappingOrNull, SEGMENT_MAPPER_WIDTH_PX, SITE_VISIT_SLOT_LABELS, SITE_VISIT_SLOTS, type SegmentRef, type SiteVisitSlot } from '@shared/rules/brands';
import { formatContext, type ContextSlugs } from '@shared/rules/context';
import type { Brand, SiteVisitSegmentMapping } from '@shared/schemas/brands';
import { segmentLookupResponseSchema } from '@shared/schemas/insights';
import { SegmentPicker } from '../../components/segment-picker';
import { SlideInPanel } from '../../components/slide-in-panel';
import { api } from '../../lib/api-client';

interface Props {
  brand: Brand;
  /** The client and the region whose segments are offered: the page's, or the client's default under 'All'. */
  context: Required<Pick<ContextSlugs, 'client' | 'region'>>;
  regionName: string;
  saving: boolean;
  error: string | null;
  onSave: (mapping: SiteVisitSegmentMapping | null) => void;
  onCancel: () => void;
}

type Slots = Partial<Record<SiteVisitSlot, SegmentRef | null>>;

/** The saved slots' segments, looked up by identifier (spec 2 §2): their paths, and whether the region still has them. */
const mappedSegmentsQueryOptions = (context: Props['context'], identifiers: string[]) => ({
  queryKey: ['site-visit-segments', context.client, context.region, identifiers] as const,
  queryFn: async () => api('/api/segments/lookup', segmentLookupResponseSchema, { method: 'POST', body: { identifiers }, context }),
  enabled: identifiers.length > 0,
  staleTime: 5 * 60_000,
  meta: { handlesErrors: true },
});

/** The site-visit segment mapper (spec 2 §2, §4): three optional slots, one segment each, any vendor, zero counts allowed. */
export function SegmentMapperPanel({ brand, context, regionName, saving, error, onSave, onCancel }: Props) {
  const [slots, setSlots] = useState<Slots>(() => ({ ...(brand.site_visit_segment_mapping ?? {}) }));
  // Segments picked here are shown by their path until the panel closes.
  const [picked, setPicked] = useState<Record<string, { id: number; path_parts: string[] }>>({});
  const saved = Object.values(brand.site_visit_segment_mapping ?? {}).map((s) => s.identifier);
  const lookup = useQuery(mappedSegmentsQueryOptions(context, saved));
  const found = (identifier: string) => picked[identifier] ?? lookup.data?.data.find((s) => s.identifier === identifier);
  const missing = (identifier: string) => lookup.data?.meta.missing.includes(identifier) === true;

  return (
    <SlideInPanel title={`Site visit segments of ${brand.name}`} description={`Each slot is optional. The segments of ${regionName} are listed.`} widthPx={SEGMENT_MAPPER_WIDTH_PX} onClose={onCancel}>
      {SITE_VISIT_SLOTS.map((slot) => {
        const ref = slots[slot] ?? null;
        const segment = ref ? found(ref.identifier) : undefined;
        return (
          <SegmentPicker
            key={slot}
            label={SITE_VISIT_SLOT_LABELS[slot]}
            context={formatContext(context)}
            region={context.region}
            kind="any"
            // A slot whose segment is not (or no longer) in the region has no id here; 0 is nobody's id, the path shows its name.
            value={ref ? (segment?.id ?? 0) : null}
            known={ref ? { path_parts: segment?.path_parts ?? [ref.name], deleted: missing(ref.identifier) } : undefined}
            onChange={(s) => {
              if (s) setPicked((p) => ({ ...p, [s.identifier]: { id: s.id, path_parts: s.path_parts } }));
              setSlots((prev) => ({ ...prev, [slot]: s ? { identifier: s.identifier, name: s.name } : null }));
            }}
          />
        );
      })}
      {lookup.isError ? <p role="alert" className="field__error">The mapped segments could not be looked up; their names are shown.</p> : null}
      {error ? <p role="alert" className="field__error">{error}</p> : null}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" disabled={saving} onClick={() => onSave(mappingOrNull(slots))}>{saving ? 'Saving…' : 'Save'}</button>
        <button type="button" className="button button--secondary" onClick={onCancel}>Cancel</button>
      </div>
    </SlideInPanel>
  );
}

