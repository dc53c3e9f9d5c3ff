import { Fragment } from 'react';
import { Tooltip } from 'radix-ui';
import { gaugeSize, JOURNEY } from '@shared/rules/journey';
import type { DiscussionClusterNode } from '@shared/schemas/journeys';
import type { ChartModel, StageModel } from './journey-model';
import { StageGauge } from './stage-gauge';
import { StagePanel } from './stage-panel';

interface Props {
  model: ChartModel;
  brandId: number | string | undefined;
  onBrand: (id: number | string) => void;
  selectedStageIds: readonly (number | string)[];
  onToggleStage: (id: number | string) => void;
  onZeroCount: (stage: StageModel) => void;
  vertical: boolean;
  /** The chart area's width in px (null before it is measured). */
  widthPx: number | null;
  discussions: readonly DiscussionClusterNode[];
}

/** The room an arrow between two stages takes. */
const ARROW_PX = { horizontal: 76, vertical: 56 };

/**
 * The journey (spec 3 §2.3, §4): the brand selector in the brands' colours, then the stages in
 * order, a gauge each for the selected brand, with arrows between them giving the share of the
 * stage's people also in the next (when the journey has transition data). Stages stack in a
 * column when they do not fit side by side or the insights have the room.
 */
export function JourneyChart({ model, brandId, onBrand, selectedStageIds, onToggleStage, onZeroCount, vertical, widthPx, discussions }: Props) {
  const brand = model.brands.find((b) => String(b.id) === String(brandId)) ?? model.brands[0];
  const n = Math.max(1, model.stages.length);
  const width = widthPx ?? 1000;
  const arrows = model.stages.some((s) => s.transition !== null);
  const column = vertical ? Math.min(width, JOURNEY.stageMinWidthPx) : (width - (arrows ? (n - 1) * ARROW_PX.horizontal : 0)) / n;
  // Stacked, a stage is a row (gauge, icon, name): a smaller gauge keeps the column readable.
  const size = vertical ? gaugeSize(column * 0.6) : gaugeSize(column);
  const anySelected = selectedStageIds.length > 0;
  const isSelected = (s: StageModel) => selectedStageIds.some((id) => String(id) === String(s.id));
  const nodeOf = (s: StageModel) => (s.cell?.discussion_cluster_node_id == null ? undefined : discussions.find((d) => d.id === s.cell!.discussion_cluster_node_id));

  return (
    <Tooltip.Provider delayDuration={250}>
      <div className="journey-chart">
        <div role="radiogroup" aria-label="Brand" className="brand-selector">
          {model.brands.map((b) => {
            const checked = brand !== undefined && String(b.id) === String(brand.id);
            return (
              <label key={b.id} className={`brand-radio${checked ? ' brand-radio--checked' : ''}`} style={{ '--brand-colour': b.colour } as React.CSSProperties}>
                <input type="radio" name="journey-brand" value={String(b.id)} checked={checked} onChange={() => onBrand(b.id)} />
                <span className="brand-radio__swatch" aria-hidden="true" />
                <span className="brand-radio__name">{b.name}</span>
              </label>
            );
          })}
        </div>
        <ol className={`journey-stages journey-stages--${vertical ? 'vertical' : 'horizontal'}`} aria-label="Stages">
          {model.stages.map((s, i) => (
            <Fragment key={s.id}>
              <li className="journey-stages__stage" style={vertical ? undefined : { width: column }}>
                <StageGauge
                  stage={s}
                  brand={brand}
                  sizePx={size}
                  selected={isSelected(s)}
                  dimmed={anySelected && !isSelected(s)}
                  onToggle={() => onToggleStage(s.id)}
                  onZeroCount={() => onZeroCount(s)}
                  label={(button) => <StagePanel stage={s} node={nodeOf(s)}>{button}</StagePanel>}
                />
              </li>
              {s.transition !== null && i < model.stages.length - 1 ? (
                <li
                  className="journey-stages__transition"
                  aria-label={`${s.name} to ${model.stages[i + 1]!.name}: ${s.transition}`}
                  style={vertical ? { height: ARROW_PX.vertical, marginLeft: size / 2 - 8 } : { width: ARROW_PX.horizontal, marginTop: size / 2 }}
                >
                  <span className="transition__share">{s.transition}</span>
                  {vertical ? (
                    <svg className="transition__arrow" viewBox="0 0 16 40" width="16" height="40" aria-hidden="true" focusable="false">
                      <path d="M8 2v28" stroke={brand?.colour ?? 'currentColor'} strokeWidth="3" strokeLinecap="round" />
                      <path d="M2 27l6 11 6-11Z" fill={brand?.colour ?? 'currentColor'} />
                    </svg>
                  ) : (
                    <svg className="transition__arrow" viewBox="0 0 60 16" width="60" height="16" aria-hidden="true" focusable="false">
                      <path d="M2 8h50" stroke={brand?.colour ?? 'currentColor'} strokeWidth="3" strokeLinecap="round" />
                      <path d="M48 2l10 6-10 6Z" fill={brand?.colour ?? 'currentColor'} />
                    </svg>
                  )}
                </li>
              ) : null}
            </Fragment>
          ))}
        </ol>
      </div>
    </Tooltip.Provider>
  );
}
