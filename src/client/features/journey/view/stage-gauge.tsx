import { useId } from 'react';
import { JOURNEY_TEXT } from '@shared/rules/journey';
import { StageIcon } from '../../../components/stage-icon';
import { ZeroCountIcon } from '../../../components/zero-count-icon';
import { compactCount, type BrandModel, type StageModel } from './journey-model';

interface Props {
  stage: StageModel;
  brand: BrandModel | undefined;
  sizePx: number;
  selected: boolean;
  /** Another stage is selected and this one is not: drawn dimmed. */
  dimmed: boolean;
  onToggle: () => void;
  onZeroCount: () => void;
  /** The label opens the stage's mini panel, and shows the whole name on hover (the panel wraps the label). */
  label: (children: React.ReactElement) => React.ReactElement;
}

/**
 * One stage of the journey (spec 3 §2.3): its icon, a gauge filled to the selected brand's count
 * against its largest stage (a click selects or deselects the stage), and its name cut at 20
 * characters with the whole name in a tooltip.
 */
export function StageGauge({ stage, brand, sizePx, selected, dimmed, onToggle, onZeroCount, label }: Props) {
  const clip = useId();
  const r = sizePx / 2 - 4;
  const level = sizePx - 4 - stage.fill * (sizePx - 8);
  const colour = brand?.colour ?? 'var(--color-primary)';
  const countText = compactCount(stage.count);
  return (
    <div className={`stage${selected ? ' stage--selected' : ''}${dimmed ? ' stage--dimmed' : ''}`} data-stage={stage.name}>
      <span className="stage__icon"><StageIcon icon={stage.icon} sizePx={Math.max(22, Math.round(sizePx / 5))} /></span>
      <div className="stage__gauge-wrap" style={{ width: sizePx, height: sizePx }}>
        <button
          type="button"
          className="stage__gauge"
          aria-pressed={selected}
          aria-label={`${stage.name}: ${stage.count === null ? 'no count' : `${stage.count.toLocaleString('en-US')} people`}. ${selected ? 'Deselect' : 'Select'} this stage`}
          onClick={onToggle}
        >
          <svg viewBox={`0 0 ${sizePx} ${sizePx}`} width={sizePx} height={sizePx} aria-hidden="true" focusable="false">
            <defs>
              <clipPath id={clip}><circle cx={sizePx / 2} cy={sizePx / 2} r={r} /></clipPath>
            </defs>
            <circle cx={sizePx / 2} cy={sizePx / 2} r={r} className="stage__gauge-bg" />
            <rect x="0" y={level} width={sizePx} height={sizePx} fill={colour} clipPath={`url(#${clip})`} className="stage__gauge-fill" />
            <circle cx={sizePx / 2} cy={sizePx / 2} r={r} fill="none" stroke={colour} strokeWidth={selected ? 5 : 2.5} />
            <text x={sizePx / 2} y={sizePx / 2} textAnchor="middle" dominantBaseline="central" className="stage__count" fontSize={Math.max(14, Math.round(sizePx / 6))}>{countText}</text>
          </svg>
        </button>
        {stage.count === 0 ? (
          <ZeroCountIcon name={stage.name} canOpen onOpen={onZeroCount} texts={JOURNEY_TEXT} />
        ) : null}
      </div>
      {label(
        <button type="button" className="stage__label" aria-label={`${stage.name}: show every brand`}>
          {stage.shown}
        </button>,
      )}
    </div>
  );
}
