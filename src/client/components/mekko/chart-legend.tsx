import { GROW, GROW_TEXT, TAG_LABELS } from '@shared/rules/grow';
import { tagColour, tagFill } from './chart-model';

/** The colour key: Owned, Opportunity and None, each with what it means (spec 3 §9). */
export function ChartLegend() {
  return (
    <figure className="mekko-legend">
      <figcaption className="mekko-legend__title">{GROW_TEXT.legendTitle}</figcaption>
      <ul className="mekko-legend__items">
        {GROW.tags.map((tag) => (
          <li key={tag} className="mekko-legend__item">
            <span className="mekko-legend__swatch" aria-hidden="true" style={{ background: tagFill(tag), borderColor: tagColour(tag) }} />
            <span className="mekko-legend__label">{TAG_LABELS[tag].label}</span>
            <span className="mekko-legend__explanation">{TAG_LABELS[tag].explanation}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
