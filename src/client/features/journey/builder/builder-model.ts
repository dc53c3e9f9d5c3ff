import { JOURNEY, type JourneyIcon } from '@shared/rules/journey';

/** A population as typed in Edit Mapping: a number from 0 (empty is 0), or null when it is not one (spec 3 §5). */
export function parsePopulation(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= JOURNEY.populationMax ? value : null;
}

/** A stage icon's name in the icon choice: 'shopping-cart' -> 'Shopping cart', 'meh-o' -> 'Meh', 'blank' -> 'No icon'. */
export function iconLabel(icon: JourneyIcon): string {
  if (icon === 'blank') return 'No icon';
  const words = icon.replace(/-o$/, '').replace(/-/g, ' ');
  return `${words[0]!.toUpperCase()}${words.slice(1)}`;
}
