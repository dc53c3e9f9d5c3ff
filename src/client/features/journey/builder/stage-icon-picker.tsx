import { DropdownMenu } from 'radix-ui';
import { JOURNEY_ICONS, type JourneyIcon } from '@shared/rules/journey';
import { StageIcon } from '../../../components/stage-icon';
import { iconLabel } from './builder-model';

interface Props {
  stageName: string;
  icon: JourneyIcon;
  onChange: (icon: JourneyIcon) => void;
}

/** A stage's icon (spec 3 §3): the icons drawn as the chart draws them, each with its name. */
export function StageIconPicker({ stageName, icon, onChange }: Props) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="button button--ghost journey-grid__icon" aria-label={`Icon of ${stageName.trim() || 'unnamed'}: ${iconLabel(icon)}`}>
        <StageIcon icon={icon} sizePx={20} />
        <span>{iconLabel(icon)}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu menu--scroll journey-icons" align="start" sideOffset={4}>
          <DropdownMenu.RadioGroup value={icon} onValueChange={(value) => onChange(value as JourneyIcon)}>
            {JOURNEY_ICONS.map((choice) => (
              <DropdownMenu.RadioItem key={choice} value={choice} className="menu__item journey-icons__item">
                <StageIcon icon={choice} sizePx={20} />
                <span>{iconLabel(choice)}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
