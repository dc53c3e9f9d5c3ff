import { Tabs } from 'radix-ui';
import { stageSelectionRules } from '@shared/rules/journey';
import type { JourneyTab } from '@shared/schemas/journeys';
import { combineFigures } from '@shared/rules/uploads';
import { FiguresTable } from '../../../components/insights/figures-table';
import { SurveyResults } from '../../../components/insights/survey-results';
import { PersonLevel } from '../../../components/insights/person-level';
import type { JourneyView } from '../data/journey-edits';
import { compactCount, type ChartModel } from './journey-model';

type Level = 'person' | 'market';

interface Props {
  context: string;
  journey: JourneyView;
  model: ChartModel;
  tab: JourneyTab;
  brandId: number | string | undefined;
  selectedStageIds: readonly (number | string)[];
  /** Market Level goes with Total Population, Person Level with Matched or Modeled (spec 3 §4). */
  onLevel: (level: Level) => void;
}

/**
 * The uploaded demographic figures (issue 29) of the brand's selected stages: one stage's own,
 * or several stages' people summed per attribute as a share of their population.
 */
function StageDemographics({ context, journey, brand, stageIds, stageNames }: { context: string; journey: JourneyView; brand: { id: number | string; name: string } | null; stageIds: readonly (number | string)[]; stageNames: string[] }) {
  if (!brand) return null;
  if (stageIds.length === 0) return <p className="insight-prompt">Select stages in the journey to see the demographics of their people.</p>;
  const cells = journey.sub_markets.filter((c) => String(c.journey_brand_id) === String(brand.id) && stageIds.some((id) => String(id) === String(c.journey_stage_id)));
  const rows = cells.length === 1
    ? [...(cells[0]!.demographics ?? [])]
    : combineFigures(cells.map((c) => ({ population: c.population, figures: c.demographics ?? [] })));
  const population = cells.reduce((sum, c) => sum + c.population, 0);
  const what = `${brand.name} · ${stageNames.join(' & ')}`;
  const stageId = stageIds.length === 1 ? stageIds[0] : undefined;
  return (
    <>
      <FiguresTable label={`Demographics of ${what}`} title={`Demographics · ${what}`} rows={rows} population={population} empty="No demographics have been uploaded for this stage." />
      {/* The stage's surveys for this brand (issue 30), once the journey is saved. */}
      {typeof stageId === 'number' && typeof brand.id === 'number' ? <SurveyResults context={context} level="stage" item={{ journey_stage_id: stageId, journey_brand_id: brand.id }} what={what} /> : null}
    </>
  );
}

const numeric = (ids: readonly (number | string)[]) => ids.filter((id): id is number => typeof id === 'number');

/**
 * The Journey insights (spec 3 §2.3, §4): Person Level widgets of the people in every selected
 * stage for the selected brand (the count engine's AND of the cells' segments on the tab), and
 * Market Level, the journey's stages by brand on Total Population.
 */
export function JourneyInsights({ context, journey, model, tab, brandId, selectedStageIds, onLevel }: Props) {
  const level: Level = tab === 'total' ? 'market' : 'person';
  const brand = model.brands.find((b) => String(b.id) === String(brandId)) ?? model.brands[0];
  const cells = journey.sub_markets.flatMap((c) => (typeof c.journey_brand_id === 'number' && typeof c.journey_stage_id === 'number'
    ? [{ journey_brand_id: c.journey_brand_id, journey_stage_id: c.journey_stage_id, matched_id: c.matched_id, modeled_id: c.modeled_id }]
    : []));
  const stageIds = numeric(selectedStageIds);
  const rules = brand && typeof brand.id === 'number' ? stageSelectionRules(cells, brand.id, stageIds, tab) : null;
  const selectedNames = model.stages.filter((s) => selectedStageIds.some((id) => String(id) === String(s.id))).map((s) => s.name);
  const caption = `${brand?.name ?? ''} · ${selectedNames.length === 0 ? 'no stages selected' : selectedNames.join(' & ')}`;
  const kind = tab === 'modeled' ? 'Modeled' : 'Matched';

  return (
    <div className="insights-panel journey-insights">
      <header className="insights-panel__header">
        <h2 className="insights-panel__title">Insights</h2>
        <p className="insights-panel__caption">{caption}</p>
      </header>
      <Tabs.Root value={level} onValueChange={(v) => (v === 'person' || v === 'market' ? onLevel(v) : undefined)}>
        <Tabs.List className="tabs__list" aria-label="Insights level">
          <Tabs.Trigger className="tabs__trigger" value="market">Market Level</Tabs.Trigger>
          <Tabs.Trigger className="tabs__trigger" value="person">Person Level</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="person" className="insights-panel__content">
          {selectedNames.length === 0 ? (
            <p className="insight-prompt">Select stages in the journey to see who their people are.</p>
          ) : rules ? (
            <PersonLevel area="journey" context={context} rules={rules} countType="people_count" tv={null} />
          ) : (
            <p className="insight-prompt" role="status">{`A selected stage has no ${kind} audience for ${brand?.name ?? 'this brand'}, so its people cannot be shown.`}</p>
          )}
        </Tabs.Content>
        <Tabs.Content value="market" className="insights-panel__content">
          <table className="journey-market-table">
            <caption className="visually-hidden">Total Population by stage and brand</caption>
            <thead>
              <tr>
                <th scope="col">Stage</th>
                {model.brands.map((b) => (
                  <th key={b.id} scope="col"><span className="brand-dot" style={{ background: b.colour }} aria-hidden="true" />{b.name}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {model.stages.map((s) => (
                <tr key={s.id} className={selectedStageIds.some((id) => String(id) === String(s.id)) ? 'is-selected' : undefined}>
                  <th scope="row" title={s.name}>{s.shown}</th>
                  {s.brands.map((b) => <td key={b.brand.id}>{compactCount(b.count)}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
          <StageDemographics context={context} journey={journey} brand={brand ? { id: brand.id, name: brand.name } : null} stageIds={selectedStageIds} stageNames={selectedNames} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
