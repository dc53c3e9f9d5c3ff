import { useId, useState, type FormEvent } from 'react';
import { GROW, GROW_TEXT, TAG_LABELS, validateAudience, type GrowTag } from '@shared/rules/grow';
import type { GrowSegment } from '@shared/schemas/grow';
import { DiscussionField } from '../../components/discussion-field';
import { SlideInPanel } from '../../components/slide-in-panel';
import { BUILD_TIER } from '../../lib/guards';
import type { AudienceFields } from './chart-commands';
import type { AudienceView, MarketView } from './chart-edits';
import { SegmentPicker } from '../../components/segment-picker';

interface Props {
  audience: AudienceView | null;
  market: MarketView;
  markets: readonly MarketView[];
  segments: readonly GrowSegment[];
  context: string;
  region: string;
  /** The bulk discussions uploader, for who may open it; null otherwise. */
  discussionsHref: string | null;
  /** In a chart made from an industry vertical, audience names are fixed (spec 3 §5). */
  nameLocked: boolean;
  mayDelete: boolean;
  onSave: (fields: AudienceFields & { market_id?: number | string }) => void;
  onDelete: () => void;
  onClose: () => void;
}

const TAGS: GrowTag[] = ['owned', 'opportunity', 'none'];

/** Add or edit an audience (650 px slide-in): name, tag, matched and modeled segments, population, market. */
export function AudienceFormPanel({ audience, market, markets, segments, context, region, discussionsHref, nameLocked, mayDelete, onSave, onDelete, onClose }: Props) {
  const id = useId();
  const [name, setName] = useState(audience?.name ?? '');
  const [tag, setTag] = useState<GrowTag>(audience?.tag ?? 'none');
  const [matched, setMatched] = useState<number | null>(audience?.matched_short_id ?? null);
  const [modeled, setModeled] = useState<number | null>(audience?.modeled_short_id ?? null);
  const [population, setPopulation] = useState(audience ? String(audience.population) : '');
  const [marketId, setMarketId] = useState<number | string>(market.id);
  const [discussion, setDiscussion] = useState<number | null>(audience?.discussion_cluster_node_id ?? null);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [confirming, setConfirming] = useState(false);
  const siblings = markets.find((m) => String(m.id) === String(marketId))?.sub_markets ?? [];
  const issues = validateAudience({ name, population }, { siblings, ownId: audience?.id ?? null });
  const issue = (field: 'name' | 'population') => (touched[field] ? issues.find((i) => i.field === field)?.message : undefined);
  // Segments picked in this form are shown by their path until the chart (with their details) comes back.
  const [picked, setPicked] = useState<Record<number, Pick<GrowSegment, 'path_parts' | 'deleted'>>>({});
  const segmentOf = (shortId: number | null) => (shortId === null ? undefined : (picked[shortId] ?? segments.find((s) => s.id === shortId)));
  const remember = (segment: { id: number; path_parts: string[] } | null) => {
    if (segment) setPicked((p) => ({ ...p, [segment.id]: { path_parts: segment.path_parts, deleted: false } }));
  };
  const fields = (): AudienceFields & { market_id?: number | string } => ({
    name: name.trim(), tag, matched_short_id: matched, modeled_short_id: modeled, population: population.trim(),
    webo_cluster_id: audience?.webo_cluster_id ?? null, discussion_cluster_node_id: discussion,
    ...(audience && String(marketId) !== String(audience.market_id) ? { market_id: marketId } : {}),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ name: true, population: true });
    if (issues.length > 0) return;
    // Editing the segment of an audience a prediction model uses deletes that model: ask first.
    if (audience?.in_prediction_model && matched !== audience.matched_short_id && !confirming) {
      setConfirming(true);
      return;
    }
    onSave(fields());
  };

  return (
    <SlideInPanel title={audience ? `Edit audience ${audience.name}` : `${GROW_TEXT.addAudience} to ${market.name}`} widthPx={GROW.panelPx.audience} onClose={onClose}>
      <form onSubmit={submit} noValidate className="grow-form">
        <div className="field">
          <label htmlFor={`${id}-name`}>Audience name</label>
          <input id={`${id}-name`} value={name} disabled={nameLocked && audience !== null} onChange={(e) => { setName(e.target.value); setTouched((t) => ({ ...t, name: true })); }} aria-invalid={Boolean(issue('name'))} />
          {issue('name') ? <p className="field__error" role="alert">{issue('name')}</p> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-tag`}>{GROW_TEXT.legendTitle}</label>
          <select id={`${id}-tag`} value={tag} onChange={(e) => setTag(e.target.value as GrowTag)}>
            {TAGS.map((t) => <option key={t} value={t}>{TAG_LABELS[t].label}: {TAG_LABELS[t].explanation}</option>)}
          </select>
        </div>
        <SegmentPicker label="Matched Audience" context={context} region={region} kind="matched" value={matched} known={segmentOf(matched)} onChange={(s) => { remember(s); setMatched(s?.id ?? null); if (s && population.trim() === '') setPopulation(String(s.people)); }} />
        {BUILD_TIER === 'tier3' ? null : (
          <SegmentPicker label="Modeled Audience" context={context} region={region} kind="modeled" value={modeled} known={segmentOf(modeled)} onChange={(s) => { remember(s); setModeled(s?.id ?? null); }} />
        )}
        <div className="field">
          <label htmlFor={`${id}-population`}>Audience Population</label>
          <input id={`${id}-population`} inputMode="numeric" value={population} onChange={(e) => { setPopulation(e.target.value); setTouched((t) => ({ ...t, population: true })); }} aria-invalid={Boolean(issue('population'))} />
          {issue('population') ? <p className="field__error" role="alert">{issue('population')}</p> : null}
        </div>
        <DiscussionField context={context} uploadHref={discussionsHref} value={discussion} onChange={setDiscussion} />
        {audience && markets.length > 1 ? (
          <div className="field">
            <label htmlFor={`${id}-market`}>Market</label>
            <select id={`${id}-market`} value={String(marketId)} onChange={(e) => setMarketId(markets.find((m) => String(m.id) === e.target.value)?.id ?? marketId)}>
              {markets.map((m) => <option key={m.id} value={String(m.id)}>{m.name}</option>)}
            </select>
          </div>
        ) : null}
        {confirming ? <p role="alert" className="grow-form__confirm">{GROW_TEXT.confirmModelEdit} Save again to go ahead.</p> : null}
        <div className="grow-form__actions">
          {audience && mayDelete ? <button type="button" className="button button--danger" onClick={onDelete}>Delete audience</button> : null}
          <button type="button" className="button button--ghost" onClick={onClose}>Cancel</button>
          <button type="submit" className="button button--primary" disabled={issues.length > 0}>{audience ? 'Save' : 'Add'}</button>
        </div>
      </form>
    </SlideInPanel>
  );
}
