import { useId, useState, type FormEvent } from 'react';
import {
  cellAt, JOURNEY, JOURNEY_TEXT, orderedBrands, orderedStages, setCell, type ItemId, type JourneyDraft,
} from '@shared/rules/journey';
import { SegmentPicker } from '../../../components/segment-picker';
import { SlideInPanel } from '../../../components/slide-in-panel';
import { BUILD_TIER } from '../../../lib/guards';
import { parsePopulation } from './builder-model';
import { DiscussionField } from '../../../components/discussion-field';
import type { KnownSegments } from './journey-builder';

interface Props {
  context: string;
  region: string;
  /** The bulk uploader of discussion clusters, linked to when the client has none (spec 3 §2.4); null without the permission to upload. */
  uploadHref: string | null;
  draft: JourneyDraft;
  brand: ItemId;
  stage: ItemId;
  known: KnownSegments;
  onKnown: (segment: { id: number; path_parts: string[] }) => void;
  onSave: (draft: JourneyDraft) => void;
  onClose: () => void;
}

/**
 * Edit Mapping (spec 3 §2.4; 400 px slide-in): which brand and stage, the matched and modeled
 * segments (modeled hidden in tier 3), the audience population (0 or more) and the discussion
 * cluster node. Save maps them to the chosen brand and stage's cell.
 */
export function EditMappingPanel({ context, region, uploadHref, draft, brand, stage, known, onKnown, onSave, onClose }: Props) {
  const id = useId();
  const cell = cellAt(draft.sub_markets, brand, stage);
  const [brandId, setBrandId] = useState(String(brand));
  const [stageId, setStageId] = useState(String(stage));
  const [matched, setMatched] = useState<number | null>(cell?.matched_id ?? null);
  const [modeled, setModeled] = useState<number | null>(cell?.modeled_id ?? null);
  const [population, setPopulation] = useState(String(cell?.population ?? 0));
  const [discussion, setDiscussion] = useState<number | null>(cell?.discussion_cluster_node_id ?? null);
  const brands = orderedBrands(draft.brands);
  const stages = orderedStages(draft.stages);
  const people = parsePopulation(population);
  const pick = (segment: { id: number; path_parts: string[]; people: number } | null, set: (id: number | null) => void, fillPopulation: boolean) => {
    if (segment) onKnown(segment);
    set(segment?.id ?? null);
    if (segment && fillPopulation && (people === null || people === 0)) setPopulation(String(segment.people));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (people === null) return;
    const target = { brand: brands.find((b) => String(b.id) === brandId)?.id ?? brand, stage: stages.find((s) => String(s.id) === stageId)?.id ?? stage };
    onSave(setCell(draft, target.brand, target.stage, { population: people, matched_id: matched, modeled_id: modeled, discussion_cluster_node_id: discussion }));
  };

  return (
    <SlideInPanel title={JOURNEY_TEXT.editMapping} widthPx={JOURNEY.panelPx.mapping} onClose={onClose}>
      <form onSubmit={submit} noValidate className="journey-mapping">
        <div className="field">
          <label htmlFor={`${id}-brand`}>Brand</label>
          <select id={`${id}-brand`} value={brandId} onChange={(e) => setBrandId(e.target.value)}>
            {brands.map((b) => <option key={b.id} value={String(b.id)}>{b.name || 'No name'}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-stage`}>Stage</label>
          <select id={`${id}-stage`} value={stageId} onChange={(e) => setStageId(e.target.value)}>
            {stages.map((s) => <option key={s.id} value={String(s.id)}>{s.name || 'No name'}</option>)}
          </select>
        </div>
        <SegmentPicker
          label="Matched Audience" context={context} region={region} kind="matched" value={matched}
          known={matched === null ? undefined : known[matched]} onChange={(s) => pick(s, setMatched, true)}
        />
        {BUILD_TIER === 'tier3' ? null : (
          <SegmentPicker
            label="Modeled Audience" context={context} region={region} kind="modeled" value={modeled}
            known={modeled === null ? undefined : known[modeled]} onChange={(s) => pick(s, setModeled, false)}
          />
        )}
        <div className="field">
          <label htmlFor={`${id}-population`}>Audience Population</label>
          <input
            id={`${id}-population`} type="number" min={0} step={1} inputMode="numeric" value={population}
            aria-invalid={people === null} aria-describedby={people === null ? `${id}-population-error` : undefined}
            onChange={(e) => setPopulation(e.target.value)}
          />
          {people === null ? <p id={`${id}-population-error`} className="field__error" role="alert">{JOURNEY_TEXT.populationMin}</p> : null}
        </div>
        <DiscussionField context={context} uploadHref={uploadHref} value={discussion} onChange={setDiscussion} />
        <div className="journey-mapping__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={people === null}>Save</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
